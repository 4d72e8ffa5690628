/** What other features use of the ignore list: who has ignored whom. */
export { blockedIds, isBlocked } from './store';
