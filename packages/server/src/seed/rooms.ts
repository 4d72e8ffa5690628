/**
 * A lively lobby for a first start: rooms created over the past weeks, songs
 * really playing, listeners and DJs in them, favorites, a headband and news — all
 * through the services the API uses.
 */
import type { Services } from '../api/context';
import { createGuest } from '../features/accounts/sign-in';
import { lobbyContentHandlers } from '../features/lobby-content/handlers';
import { createRoom } from '../features/rooms/create-room';
import { enterRoom } from '../features/rooms/membership';
import { addFavorite } from '../features/rooms/store';
import { DEMO_HEADBAND, DEMO_NEWS, DEMO_ROOMS } from './catalogue';

const HOUR = 3_600_000;

/** A small deterministic generator, so every first start looks the same. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export async function seedRooms(services: Services, memberIds: readonly string[], staffId: string): Promise<string[]> {
  const random = sequence(42);
  const roomIds: string[] = [];
  const start = services.now();

  for (const [i, room] of DEMO_ROOMS.entries()) {
    // Rooms were made over the last few weeks, by the demo members.
    const createdAt = start - Math.floor(random() * 30 * 24 * HOUR);
    const creator = memberIds[i % memberIds.length] ?? staffId;
    const { roomid } = await createRoom({ ...services, now: () => createdAt }, creator, {
      room_name: room.name,
      max_djs: 5,
      djthreshold: 0,
      description: room.description,
      theme: room.theme,
      featured: i < 3,
      ...(i === DEMO_ROOMS.length - 1 ? { privacy: 'unlisted' as const } : {}),
    });
    roomIds.push(roomid);
  }

  // Members DJ: two rooms with a full stage, one with three, then one each. Members are
  // spread over the stages (a step coprime with their number), so friends sit in many rooms.
  // Each stage's first DJ starts a song from their queue (the seed gave everyone music), so
  // these rooms really play; the rest are quiet until someone steps up.
  const stages = [
    0,
    0,
    0,
    0,
    0,
    1,
    1,
    1,
    1,
    1,
    2,
    2,
    2,
    ...Array.from({ length: roomIds.length - 3 }, (_, k) => k + 3),
  ];
  const step = 7;
  for (const [i, memberId] of memberIds.entries()) {
    const stage = stages[(i * step) % memberIds.length];
    const roomId = stage === undefined ? undefined : roomIds[stage];
    if (roomId) await enterRoom(services, memberId, roomId, { asDj: true });
  }
  const guest = () => createGuest(services, {});
  for (const [i, roomId] of roomIds.entries()) {
    if (i % 9 === 8) continue;
    const listeners = Math.floor(40 * random() ** 2 * (i < 20 ? 1.5 : 0.6));
    for (let n = 0; n < listeners; n++) await enterRoom(services, (await guest()).userid, roomId);
  }

  // The first member's favorites, and the lobby's news and headband, set by staff.
  const first = memberIds[0];
  if (first) for (const roomId of roomIds.slice(0, 5)) await addFavorite(services.db, first, roomId, start);
  const asStaff = {
    ...services,
    request: { ip: '127.0.0.1' },
    caller: { userid: staffId, sessionId: '', registered: true, acl: 1 },
  };
  await lobbyContentHandlers['headband.add'](DEMO_HEADBAND, asStaff);
  await lobbyContentHandlers['newsbox.set_news']({ content: DEMO_NEWS }, asStaff);
  return roomIds;
}
