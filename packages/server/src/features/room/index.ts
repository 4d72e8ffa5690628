/** What other features use of the live room: who moderates it, its moderation log, its chat as a report's record. */
export { moderates, requireModerator, standingOf, type Moderator } from './authority';
export { chatForReport } from './chat';
export { logModeration } from './moderation-log';
export { fillStage } from './waitlist-commands';
