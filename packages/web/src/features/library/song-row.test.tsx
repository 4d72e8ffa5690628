/** A song's row as the panel draws it (rendered to markup: the web tests have no DOM). */
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import type { LibrarySong } from '@platter/contract';
import { libraryPanelMessages } from '@platter/contract';
import { SongSummary } from './song-row';
import type { Preview } from './use-preview';

const song = (analysis: LibrarySong['analysis'], title = 'Night Drive'): LibrarySong => ({
  _id: 's1',
  metadata: { song: title, artist: 'Ada Vinyl', album: '', coverart: null, length: 187 },
  format: 'mp3',
  size: 1000,
  created: 1,
  analysis,
  gain: 0,
});

const preview = (playing: string | null): Preview => ({ playing, toggle: () => {}, stop: () => {}, problem: null });

const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

test('a song still being measured says so gently; a measured one says nothing of it', () => {
  const pending = renderToStaticMarkup(<SongSummary song={song('pending')} preview={preview(null)} />);
  expect(text(pending)).toContain(libraryPanelMessages.analysisPending);
  expect(text(pending)).toContain('Night Drive');
  expect(text(pending)).toContain('Ada Vinyl');
  expect(text(pending)).toContain('3:07');
  const ready = renderToStaticMarkup(<SongSummary song={song('ready')} preview={preview(null)} />);
  expect(text(ready)).not.toContain(libraryPanelMessages.analysisPending);
  expect(text(ready)).not.toContain(libraryPanelMessages.analysisFailed);
  const failed = renderToStaticMarkup(<SongSummary song={song('failed')} preview={preview(null)} />);
  expect(text(failed)).toContain(libraryPanelMessages.analysisFailed);
});

test('the queue marks its first song as the next to play', () => {
  expect(text(renderToStaticMarkup(<SongSummary song={song('ready')} preview={preview(null)} next />))).toContain(
    libraryPanelMessages.upNext,
  );
  expect(text(renderToStaticMarkup(<SongSummary song={song('ready')} preview={preview(null)} />))).not.toContain(
    libraryPanelMessages.upNext,
  );
});

test("the cover previews the song, and stops it while it plays; a title's markup is escaped", () => {
  expect(renderToStaticMarkup(<SongSummary song={song('ready')} preview={preview(null)} />)).toContain(
    'aria-label="Preview “Night Drive”"',
  );
  expect(renderToStaticMarkup(<SongSummary song={song('ready')} preview={preview('s1')} />)).toContain(
    'aria-label="Stop “Night Drive”"',
  );
  const markup = renderToStaticMarkup(
    <SongSummary song={song('ready', '<img src=x onerror=alert(1)>')} preview={preview(null)} />,
  );
  expect(markup).not.toContain('<img src=x');
  expect(markup).toContain('&lt;img src=x onerror=alert(1)&gt;');
});
