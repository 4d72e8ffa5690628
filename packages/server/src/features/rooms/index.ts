/** What other features use of rooms: finding one, coming and going, the stage, and its page's view and commands. */
export {
  announceFansChanged,
  announceLeft,
  currentRoomOf,
  enterRoom,
  leaveRoom,
  recountRoom,
  removeMember,
  roomUserOf,
  userChanged,
} from './membership';
export { playSong, type NowPlaying } from './now-playing';
export { findRoom } from './store';
export { afterCommit, readRoom, roomCommand } from './room-command';
export { moderatorIdsOf, readRoomDetails, roomDetailsView } from './room-view';
export { followStage, setOnStage, stageOf, type StageChange, type StageFollower } from './stage';
export { roomPeople } from './room-people';
