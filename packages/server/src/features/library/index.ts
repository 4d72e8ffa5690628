/**
 * What other parts use of the library: its calls and routes (app.ts), and for
 * the loudness worker, the files waiting to be measured and a way to open one.
 * A room's playback calls sweepOrphanFiles when a play ends: a song removed
 * while it played leaves its file until then.
 */
export { libraryHandlers } from './handlers';
export { snagHandlers } from './snag';
export { registerUploadRoute } from './upload-route';
export { registerAudioRoute, CONTENT_TYPES } from './audio-route';
export { pendingAudioFiles, openAudioFile, readAudioFile, sweepOrphanFiles, type PendingFile } from './files';
export { gainFor, coverUrl } from './songs';
export { COVERS_PATH } from './covers';
