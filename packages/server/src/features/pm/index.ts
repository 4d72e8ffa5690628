/** Private messages between members (docs/pm.md): what the app composes. */
export { pmHandlers } from './handlers';
