/**
 * What other parts use of the library: its calls and routes (app.ts); for the
 * loudness worker, the files waiting to be measured, a way to open one and to
 * record what it measured; for DJ turns, a member's next song and sending a
 * played one to the back of the queue. Playback calls sweepOrphanFiles when a
 * play ends: a song removed while it played keeps its file until then.
 */
export { libraryHandlers } from './handlers';
export { snagHandlers } from './snag';
export { registerUploadRoute } from './upload-route';
export { registerAudioRoute, CONTENT_TYPES } from './audio-route';
export { pendingAudioFiles, openAudioFile, recordAnalysis, sweepOrphanFiles, type PendingFile } from './files';
export { nextSongOf, sendToBack, type QueuedSong, type SongLimits } from './queue';
export { coverUrl, lockMember, songMetadata } from './songs';
export { gainFor, songLevels } from './analysis';
export { COVERS_PATH } from './covers';
