/**
 * The lobby, live. The friends panel (room.follow_directory_graph): the
 * member's page gets the graph now, and a fresh one whenever a buddy moves or
 * whom the member follows changes — wherever that happened, since every
 * instance publishes moves on the lobby channel — and when a room it shows
 * starts a new song. The tiles (room.follow_counts): each room's counts as
 * they change, and its song when that changes.
 */
import type { Services } from '../../api/context';
import { lobbyChannel } from '../../realtime/channels';
import type { LiveConnection } from '../../realtime/connection';
import { buddyIdsOf } from './buddies';
import { directoryGraph } from './graph';

/** Several buddies moving at once make one update, not several. */
export const GRAPH_DEBOUNCE_MS = 300;
export const GRAPH_CHANNEL = 'directory';

export async function followDirectoryGraph(services: Services, connection: LiveConnection) {
  const userId = connection.userid;
  let buddies = await buddyIdsOf(services.db, userId);
  let pending: NodeJS.Timeout | null = null;
  /** The rooms the panel shows: a new song in one of them redraws it. */
  let shown = new Set<string>();
  const graph = async () => {
    const rooms = await directoryGraph(services.db, userId);
    shown = new Set(rooms.map(([room]) => room.roomid));
    return rooms;
  };

  const sendGraph = async () => {
    buddies = await buddyIdsOf(services.db, userId);
    connection.push(GRAPH_CHANNEL, { command: 'directory_graph', rooms: await graph() });
  };

  await connection.listen(GRAPH_CHANNEL, lobbyChannel, (message) => {
    const mine = message.type === 'fans_changed' && message.userid === userId;
    const buddyMoved = message.type === 'room_membership' && buddies.has(message.userid);
    const newSong = message.type === 'room_counts' && message.current_song !== undefined && shown.has(message.roomid);
    if (!(mine || buddyMoved || newSong) || pending) return;
    pending = setTimeout(() => {
      pending = null;
      sendGraph().catch(() => undefined); // the next move, or the page's poll, brings it
    }, GRAPH_DEBOUNCE_MS);
  });
  connection.onClose(() => {
    if (pending) clearTimeout(pending);
  });
  return { rooms: await graph() };
}

export const COUNTS_CHANNEL = 'room_counts';

/** The lobby's tiles, live (room.follow_counts): every room's new listener and DJ counts as they change. */
export async function followRoomCounts(connection: LiveConnection): Promise<void> {
  await connection.listen(COUNTS_CHANNEL, lobbyChannel, (message) => {
    if (message.type !== 'room_counts') return;
    const { type: _type, ...counts } = message;
    connection.push(COUNTS_CHANNEL, { command: 'room_counts', ...counts });
  });
}
