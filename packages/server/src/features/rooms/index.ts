/** What other features use of rooms: finding one, coming and going, the stage, and its page's view and commands. */
export {
  announceFansChanged,
  announceLeft,
  currentRoomOf,
  enterRoom,
  leaveRoom,
  markActive,
  recountRoom,
  removeMember,
  rescoreRoom,
  roomUserOf,
  userChanged,
} from './membership';
export { playingNow, playSong, type NowPlaying } from './now-playing';
export { findRoom } from './store';
export { namedRoom } from './named-room';
export { afterCommit, readRoom, roomCommand } from './room-command';
export { moderatorIdsOf, readRoomDetails, roomDetailsView } from './room-view';
export {
  fillStageWith,
  followStage,
  setOnStage,
  stageMayHaveRoom,
  stageOf,
  type StageChange,
  type StageExit,
  type StageFiller,
  type StageFollower,
} from './stage';
export { addToWaitlist, dropFromWaitlist, moveInWaitlist, waitlistOf } from './waitlist';
export { roomPeople } from './room-people';
