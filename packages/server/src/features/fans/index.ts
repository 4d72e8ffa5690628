/** What other features use of fans: who is a fan of whom. */
export { becomeFanOf, fanOfIds, fanPage, isFanOf, stopBeingFanOf } from './store';
