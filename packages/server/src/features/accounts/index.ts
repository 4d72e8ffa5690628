/** What other features use of accounts: the people, their stored rows and how others see them. */
export { ensureNameFree, fanCounts, findUser, insertUser, isNameTaken, updateUser } from './store';
export { presenceOf } from './presence';
export { roomUserColumns, roomUserView } from './user-view';
export { suggestName } from './suggest-name';
