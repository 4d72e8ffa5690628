/**
 * What the music panel says on its own (docs/music.md, "In the page"). The server's
 * refusals are the contract's libraryMessages, shown as the envelope brings them.
 */
export const musicPanelMessages = {
  membersOnly: 'Members bring their own music: sign up or log in to upload songs and DJ.',
  queueEmpty: 'Your queue is empty. Upload songs, or add them from your library.',
  libraryEmpty: 'No songs yet. Upload some to start your library.',
  noMatches: (query: string) => `No songs match “${query}”.`,
  dropHere: 'Drop audio files here to upload them',
  waiting: 'Waiting…',
  reading: 'Reading the file…',
  added: 'Added to your queue',
  cancelled: 'Cancelled',
  notUnderstood: 'Sorry, the server sent an answer we did not understand.',
  analysisPending: 'measuring loudness…',
  analysisFailed: 'plays at its own loudness',
  inQueue: 'In the queue',
  /** The queue's first song: the one played when the member's turn as DJ comes. */
  upNext: 'Up next',
  deleteSong: (title: string) => `Delete “${title}” from your library? It leaves every playlist too.`,
  deletePlaylist: (name: string) => `Delete the playlist “${name}”? Its songs stay in your library.`,
  previewFailed: "That song can't be played right now.",
  space: (used: string, quota: string) => `${used} of ${quota} used`,
} as const;
