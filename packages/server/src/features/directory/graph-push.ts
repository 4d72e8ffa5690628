/**
 * The lobby, live. The friends panel (room.follow_directory_graph): the
 * member's page gets the graph now, and a fresh one whenever a buddy moves or
 * whom the member follows changes — wherever that happened, since every
 * instance publishes moves on the lobby channel. The tiles
 * (room.follow_counts): each room's counts as they change.
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

  const sendGraph = async () => {
    buddies = await buddyIdsOf(services.db, userId);
    const rooms = await directoryGraph(services.db, userId);
    connection.push(GRAPH_CHANNEL, { command: 'directory_graph', rooms });
  };

  await connection.listen(GRAPH_CHANNEL, lobbyChannel, (message) => {
    const mine = message.type === 'fans_changed' && message.userid === userId;
    const buddyMoved = message.type === 'room_membership' && buddies.has(message.userid);
    if (!(mine || buddyMoved) || pending) return;
    pending = setTimeout(() => {
      pending = null;
      sendGraph().catch(() => undefined); // the next move, or the page's poll, brings it
    }, GRAPH_DEBOUNCE_MS);
  });
  connection.onClose(() => {
    if (pending) clearTimeout(pending);
  });
  return { rooms: await directoryGraph(services.db, userId) };
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
