/**
 * Music (docs/music.md). Files are content-addressed (`audio_files`, keyed by
 * the SHA-256 of their bytes, so two members' copies of one file are stored
 * once); a member's library is `songs` (their names for a file), arranged in
 * `playlists`. A room's timeline is data: `rooms.current_play_id` names the
 * `room_plays` row that plays now, with its start on the server clock, so a
 * restart or another instance recomputes where the song is. The instance that
 * drives a room's timeline holds `rooms.timeline_holder` until
 * `timeline_lease_until`.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audio_files')
    .addColumn('hash', 'text', (column) => column.primaryKey())
    .addColumn('size', 'bigint', (column) => column.notNull())
    .addColumn('format', 'text', (column) => column.notNull())
    .addColumn('duration_ms', 'integer', (column) => column.notNull())
    // pending → ready | failed (measured by a worker after upload).
    .addColumn('analysis', 'text', (column) => column.notNull().defaultTo('pending'))
    .addColumn('loudness', 'real')
    // JSON: WAVEFORM_PEAKS numbers in 0..1.
    .addColumn('peaks', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('songs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_hash', 'text', (column) => column.notNull().references('audio_files.hash'))
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('artist', 'text', (column) => column.notNull())
    .addColumn('album', 'text', (column) => column.notNull())
    // The cover's file name under /media/covers/ (content-addressed), or null.
    .addColumn('cover', 'text')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('songs_by_user').on('songs').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('songs_by_file').on('songs').column('file_hash').execute();

  await db.schema
    .createTable('playlists')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('active', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addUniqueConstraint('playlists_user_name', ['user_id', 'name'])
    .execute();

  await db.schema
    .createTable('playlist_songs')
    .addColumn('playlist_id', 'text', (column) => column.notNull().references('playlists.id').onDelete('cascade'))
    .addColumn('song_id', 'text', (column) => column.notNull().references('songs.id').onDelete('cascade'))
    .addColumn('position', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('playlist_songs_pk', ['playlist_id', 'song_id'])
    .execute();
  await db.schema
    .createIndex('playlist_songs_order')
    .on('playlist_songs')
    .columns(['playlist_id', 'position'])
    .execute();

  await db.schema
    .createTable('room_plays')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('room_id', 'text', (column) => column.notNull().references('rooms.id').onDelete('cascade'))
    // The song may leave its DJ's library later: the play keeps what it was. Its file stays while the
    // play is unended and goes with the last song that has it after (history keeps the tags, not the
    // bytes), so this is no foreign key.
    .addColumn('song_id', 'text', (column) => column.notNull())
    .addColumn('file_hash', 'text', (column) => column.notNull())
    .addColumn('dj_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('artist', 'text', (column) => column.notNull())
    .addColumn('album', 'text', (column) => column.notNull())
    .addColumn('cover', 'text')
    .addColumn('length_ms', 'integer', (column) => column.notNull())
    // When its first moment plays, and when its last has, on the server clock.
    .addColumn('starts_at', 'bigint', (column) => column.notNull())
    .addColumn('ends_at', 'bigint', (column) => column.notNull())
    // played | skipped | lamed | left; null while it plays.
    .addColumn('ended', 'text')
    .addColumn('upvotes', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('downvotes', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('snags', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('room_plays_history').on('room_plays').columns(['room_id', 'starts_at']).execute();

  await db.schema
    .createTable('room_votes')
    .addColumn('play_id', 'text', (column) => column.notNull().references('room_plays.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('vote', 'text', (column) => column.notNull())
    .addColumn('voted_at', 'bigint', (column) => column.notNull())
    // The DJ's point for this listener's Awesome was given (once per listener per song).
    .addColumn('pointed', 'integer', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('room_votes_pk', ['play_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('room_snags')
    .addColumn('play_id', 'text', (column) => column.notNull().references('room_plays.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('snagged_at', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('room_snags_pk', ['play_id', 'user_id'])
    .execute();

  await db.schema.alterTable('rooms').addColumn('current_play_id', 'text').execute();
  await db.schema.alterTable('rooms').addColumn('timeline_holder', 'text').execute();
  await db.schema.alterTable('rooms').addColumn('timeline_lease_until', 'bigint').execute();
  // Rooms with a song to end: what every instance's timeline sweep looks at.
  await db.schema.createIndex('rooms_playing').on('rooms').column('current_play_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('rooms_playing').execute();
  for (const column of ['timeline_lease_until', 'timeline_holder', 'current_play_id'])
    await db.schema.alterTable('rooms').dropColumn(column).execute();
  for (const table of ['room_snags', 'room_votes', 'room_plays', 'playlist_songs', 'playlists', 'songs', 'audio_files'])
    await db.schema.dropTable(table).execute();
}
