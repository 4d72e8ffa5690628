/**
 * The whole spec §3 model in one go, written with Kysely's schema builder so
 * that it runs on SQLite and PostgreSQL alike: text ids, bigint epoch-ms
 * times, integer 0/1 flags, JSON kept as text.
 */
import type { Kysely } from 'kysely';

const ms = 'bigint';

export async function up(db: Kysely<unknown>): Promise<void> {
  const fk = (table: string) => `${table}.id`;

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text')
    .addColumn('name_lower', 'text', (c) => c.unique())
    .addColumn('email', 'text')
    .addColumn('email_lower', 'text', (c) => c.unique())
    .addColumn('unverified_email', 'text')
    .addColumn('unverified_email_lower', 'text', (c) => c.unique())
    .addColumn('password_hash', 'text')
    .addColumn('avatar_id', 'integer', (c) => c.notNull().defaultTo(8))
    .addColumn('custom_avatar', 'text')
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('acl', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bot', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('laptop', 'text', (c) => c.notNull().defaultTo('mac'))
    .addColumn('subscription_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified', 'text')
    .addColumn('twitter', 'text')
    .addColumn('facebook', 'text')
    .addColumn('soundcloud', 'text')
    .addColumn('website', 'text')
    .addColumn('about', 'text')
    .addColumn('topartists', 'text')
    .addColumn('hangout', 'text')
    .addColumn('name_changed_at', ms)
    .addColumn('presence_status', 'text', (c) => c.notNull().defaultTo('available'))
    .addColumn('last_seen_at', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('registered_at', ms)
    .execute();

  await db.schema
    .createTable('past_names')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references(fk('users')).onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('changed_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('past_names_user').on('past_names').column('user_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references(fk('users')).onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('fingerprint', 'text')
    .addColumn('usertoken', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('last_used_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('fans')
    .addColumn('fan_id', 'text', (c) => c.notNull().references(fk('users')).onDelete('cascade'))
    .addColumn('dj_id', 'text', (c) => c.notNull().references(fk('users')).onDelete('cascade'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('fans_pk', ['fan_id', 'dj_id'])
    .execute();
  await db.schema.createIndex('fans_dj').on('fans').columns(['dj_id', 'created_at']).execute();

  await db.schema
    .createTable('blocks')
    .addColumn('user_id', 'text', (c) => c.notNull().references(fk('users')).onDelete('cascade'))
    .addColumn('blocked_id', 'text', (c) => c.notNull().references(fk('users')).onDelete('cascade'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['user_id', 'blocked_id'])
    .execute();

  await db.schema
    .createTable('rooms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shortcut', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('theme', 'text')
    .addColumn('creator_id', 'text', (c) => c.references(fk('users')).onDelete('set null'))
    .addColumn('privacy', 'text', (c) => c.notNull().defaultTo('public'))
    .addColumn('max_djs', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('djthreshold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('listeners', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('djcount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('song_artist', 'text')
    .addColumn('song_title', 'text')
    .addColumn('song_coverart', 'text')
    .addColumn('song_started_at', ms)
    .addColumn('upvotes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('downvotes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hotness', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  for (const column of ['hotness', 'listeners', 'created_at']) {
    await db.schema.createIndex(`rooms_${column}`).on('rooms').columns(['privacy', column]).execute();
  }

  await db.schema
    .createTable('room_members')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references(fk('users')).onDelete('cascade'))
    .addColumn('room_id', 'text', (c) => c.notNull().references(fk('rooms')).onDelete('cascade'))
    .addColumn('is_dj', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('joined_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('room_members_room').on('room_members').column('room_id').execute();

  await db.schema
    .createTable('room_favorites')
    .addColumn('user_id', 'text', (c) => c.notNull().references(fk('users')).onDelete('cascade'))
    .addColumn('room_id', 'text', (c) => c.notNull().references(fk('rooms')).onDelete('cascade'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('room_favorites_pk', ['user_id', 'room_id'])
    .execute();

  await db.schema
    .createTable('headbands')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('color', 'text', (c) => c.notNull().defaultTo('red'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('news')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('stickers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sticker_placements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references(fk('users')).onDelete('cascade'))
    .addColumn('sticker_id', 'text', (c) => c.notNull().references(fk('stickers')))
    .addColumn('top', 'double precision', (c) => c.notNull())
    .addColumn('left', 'double precision', (c) => c.notNull())
    .addColumn('angle', 'double precision', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sticker_placements_user').on('sticker_placements').column('user_id').execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references(fk('users')).onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('level', 'integer')
    .addColumn('subscription_id', 'text')
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_user').on('orders').column('user_id').execute();

  await db.schema
    .createTable('sticker_purchases')
    .addColumn('user_id', 'text', (c) => c.notNull().references(fk('users')).onDelete('cascade'))
    .addColumn('sticker_id', 'text', (c) => c.notNull().references(fk('stickers')))
    .addColumn('order_id', 'text', (c) => c.references(fk('orders')))
    .addColumn('created_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('sticker_purchases_pk', ['user_id', 'sticker_id'])
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references(fk('users')).onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('period_end', ms)
    .addColumn('provider_ref', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_user').on('subscriptions').column('user_id').execute();
  await db.schema
    .createIndex('subscriptions_period_end')
    .on('subscriptions')
    .columns(['state', 'period_end'])
    .execute();

  await db.schema
    .createTable('cards')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references(fk('users')).onDelete('cascade'))
    .addColumn('last_four', 'text', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('address_zip', 'text')
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('contact_prefs')
    .addColumn('user_id', 'text', (c) => c.notNull().references(fk('users')).onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('checked', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('contact_prefs_pk', ['user_id', 'name'])
    .execute();

  await db.schema
    .createTable('preferences')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references(fk('users')).onDelete('cascade'))
    .addColumn('layout', 'text', (c) => c.notNull().defaultTo('dual'))
    .addColumn('miniplayer', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disable_zoom', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disable_animation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('disable_webgl', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references(fk('users')).onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text')
    .addColumn('expires_at', ms, (c) => c.notNull())
    .addColumn('used_at', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tokens_user').on('tokens').columns(['user_id', 'purpose']).execute();

  await db.schema
    .createTable('social_accounts')
    .addColumn('user_id', 'text', (c) => c.notNull().references(fk('users')).onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_user_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('profile_image', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('social_accounts_pk', ['provider', 'provider_user_id'])
    .addUniqueConstraint('social_accounts_user_provider', ['user_id', 'provider'])
    .execute();

  await db.schema
    .createTable('social_friends')
    .addColumn('user_id', 'text', (c) => c.notNull().references(fk('users')).onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('friend_provider_user_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('social_friends_pk', ['user_id', 'provider', 'friend_provider_user_id'])
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reporter_id', 'text', (c) => c.notNull().references(fk('users')).onDelete('cascade'))
    .addColumn('reported_id', 'text', (c) => c.notNull().references(fk('users')).onDelete('cascade'))
    .addColumn('room_id', 'text', (c) => c.references(fk('rooms')).onDelete('set null'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('chatlog', 'text', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    'mail_outbox',
    'reports',
    'social_friends',
    'social_accounts',
    'tokens',
    'preferences',
    'contact_prefs',
    'cards',
    'subscriptions',
    'sticker_purchases',
    'orders',
    'sticker_placements',
    'stickers',
    'news',
    'headbands',
    'room_favorites',
    'room_members',
    'rooms',
    'blocks',
    'fans',
    'sessions',
    'past_names',
    'users',
  ];
  for (const table of tables) await db.schema.dropTable(table).execute();
}
