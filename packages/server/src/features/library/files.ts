/**
 * Stored audio files (`audio_files`, keyed by SHA-256): what the loudness
 * worker reads, and the sweep that removes a file once no song has it and no
 * room plays it. Room history keeps its own copy of a play's tags, so it
 * outlives the file.
 */
import type { Services } from '../../api/context';
import type { Db } from '../../db/database';

export interface PendingFile {
  hash: string;
  format: string;
  size: number;
  durationMs: number;
}

/** Files still waiting for their loudness and peaks, oldest first. */
export async function pendingAudioFiles(db: Db, limit = 20): Promise<PendingFile[]> {
  const rows = await db
    .selectFrom('audioFiles')
    .select(['hash', 'format', 'size', 'durationMs'])
    .where('analysis', '=', 'pending')
    .orderBy('createdAt')
    .orderBy('hash')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, size: Number(row.size) }));
}

/**
 * Records a pending file's measured loudness (LUFS) and waveform peaks, `ready`, or with null
 * that it could not be measured, `failed`. Only a row still pending: another instance may have
 * measured it meanwhile.
 */
export async function recordAnalysis(
  db: Db,
  hash: string,
  measurement: { loudness: number | null; peaks: number[] } | null,
): Promise<void> {
  const values = measurement
    ? { analysis: 'ready', loudness: measurement.loudness, peaks: JSON.stringify(measurement.peaks) }
    : { analysis: 'failed', loudness: null, peaks: null };
  await db.updateTable('audioFiles').set(values).where('hash', '=', hash).where('analysis', '=', 'pending').execute();
}

/** The stored file as a local path (a temporary copy with S3): call `release` when done. */
export function openAudioFile(services: Pick<Services, 'storage'>, hash: string) {
  return services.storage.localCopy(hash);
}

/** Hashes of files no song refers to and no room plays now. */
async function orphanFiles(db: Db, hashes?: string[]): Promise<string[]> {
  let query = db
    .selectFrom('audioFiles')
    .select('hash')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('songs').select('songs.id').whereRef('songs.fileHash', '=', 'audioFiles.hash'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('roomPlays')
            .select('roomPlays.id')
            .whereRef('roomPlays.fileHash', '=', 'audioFiles.hash')
            .where('roomPlays.ended', 'is', null),
        ),
      ),
    );
  if (hashes) {
    if (hashes.length === 0) return [];
    query = query.where('hash', 'in', hashes);
  }
  return (await query.execute()).map((row) => row.hash);
}

/**
 * Removes files no one has any more: their rows, then their bytes. `hashes` limits the look
 * to those files (after a song's removal); without it every file is looked at (when a play
 * ends, its file may be the last of a song removed while it played). A row is deleted before
 * its bytes, and the bytes only while no new row names them: an upload of the same bytes
 * racing the removal keeps its file.
 */
export async function sweepOrphanFiles(services: Pick<Services, 'db' | 'storage'>, hashes?: string[]): Promise<number> {
  const { db, storage } = services;
  let removed = 0;
  for (const hash of await orphanFiles(db, hashes)) {
    // A song inserted meanwhile for the same bytes makes the delete fail on its foreign key: the file stays.
    const deleted = await db
      .transaction()
      .execute(async (trx) => {
        if ((await orphanFiles(trx, [hash])).length === 0) return false;
        const result = await trx.deleteFrom('audioFiles').where('hash', '=', hash).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      })
      .catch(() => false);
    if (!deleted) continue;
    const reborn = await db.selectFrom('audioFiles').select('hash').where('hash', '=', hash).executeTakeFirst();
    if (!reborn) await storage.remove(hash);
    removed++;
  }
  return removed;
}
