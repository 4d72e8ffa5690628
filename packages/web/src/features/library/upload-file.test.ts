import { libraryMessages, UPLOAD_PATH, libraryPanelMessages } from '@platter/contract';
import { expect, test } from 'vitest';
import { readUploadAnswer, uploadUrl } from './upload-file';

const song = {
  _id: 's1',
  metadata: { song: 'Night Drive', artist: 'Ada', album: '', coverart: null, length: 187 },
  format: 'mp3',
  size: 1000,
  created: 1,
  analysis: 'pending',
  gain: 0,
};

test('a file goes to the upload path with its name, and no credentials in the address', () => {
  const url = new URL(uploadUrl('Track #1 & co.mp3'), 'http://x');
  expect(url.pathname).toBe(UPLOAD_PATH);
  expect(Object.fromEntries(url.searchParams)).toEqual({ filename: 'Track #1 & co.mp3', client: 'web' });
});

test("the server's answer: the song's title, its refusal in its own words, or that it made no sense", () => {
  expect(readUploadAnswer(JSON.stringify([true, { song }]))).toEqual({ ok: true, title: 'Night Drive' });
  expect(readUploadAnswer(JSON.stringify([false, { err: libraryMessages.notAudio, errcode: 'invalid' }]))).toEqual({
    ok: false,
    message: libraryMessages.notAudio,
  });
  const notUnderstood = { ok: false, message: libraryPanelMessages.notUnderstood };
  expect(readUploadAnswer('<html>413 Payload Too Large</html>')).toEqual(notUnderstood);
  expect(readUploadAnswer(JSON.stringify([true, { song: { _id: 's1' } }]))).toEqual(notUnderstood);
  expect(readUploadAnswer(JSON.stringify([false, { err: '  ' }]))).toEqual(notUnderstood);
  expect(readUploadAnswer(JSON.stringify({ ok: true }))).toEqual(notUnderstood);
});
