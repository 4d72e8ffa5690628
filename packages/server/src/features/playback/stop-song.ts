/**
 * Skipping the playing song (turntable's room.stop_song): its DJ may skip their own, and the
 * room's moderators anyone's (logged like every moderator action). The next DJ's song follows.
 */
import { playbackMessages } from '@platter/contract';
import type { Caller, Services } from '../../api/context';
import { errors } from '../../api/errors';
import { logModeration, requireModerator } from '../room';
import { roomCommand, roomUserOf } from '../rooms';
import { currentPlayOf } from './plays';
import { changeSong } from './turns';

export async function stopSong(services: Services, caller: Caller, roomId: string, songId?: string): Promise<void> {
  await roomCommand(services, roomId, async (trx) => {
    const play = await currentPlayOf(trx, roomId);
    if (!play) throw errors.conflict(playbackMessages.nothingPlaying);
    // Asked to skip a song that has ended meanwhile (a second click): the one playing now stays.
    if (songId !== undefined && songId !== play.songId) return [];
    if (play.djId === caller.userid) return changeSong(services, trx, roomId, { reason: 'skipped', play });
    // Someone else's song: a moderator's skip, refused to anyone else in the playback's words.
    const mod = await requireModerator(trx, roomId, caller, playbackMessages.notYourSong);
    const dj = await roomUserOf(trx, play.djId);
    await logModeration(trx, services.now(), roomId, mod, {
      action: 'skip_song',
      target: dj ?? { userid: play.djId, name: null },
      detail: `${play.title} — ${play.artist}`,
    });
    return changeSong(services, trx, roomId, { reason: 'skipped', modid: mod.userid, play });
  });
}
