/** What other features use of the directory: telling the lobby's caches of a change; a room as the lobby lists it. */
export { directoryChanged, roomCountsChanged, whereaboutsChanged } from './cache';
export { roomView } from './room-view';
