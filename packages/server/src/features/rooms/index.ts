/** What other features use of rooms: finding one, coming and going, and its page's view and commands. */
export { announceFansChanged, enterRoom, leaveRoom } from './membership';
export { findRoom } from './store';
export { readRoom, roomCommand } from './room-command';
export { roomDetailsView } from './room-view';
export { roomPeople } from './room-people';
