/**
 * The library feature's public face: My music as a panel (the room shows it beside
 * its chat) and as the /music modal. The app loads this module lazily, so the lobby
 * fetches none of it until My music is opened.
 */
export { MusicPanel } from './music-panel';
export { MusicModal } from './music-modal';
