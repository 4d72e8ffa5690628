/** What other features use of the live room: who moderates it, and its moderation log. */
export { moderates, requireModerator, standingOf, type Moderator } from './authority';
export { logModeration } from './moderation-log';
export { fillStage } from './waitlist-commands';
