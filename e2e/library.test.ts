/**
 * My music in a real browser (docs/music.md, "In the page"): a member opens it
 * beside the room's chat, uploads two WAV files made here (each row shows its
 * progress, then that it was added) and a text file named .mp3 (refused with the
 * contract's words), drags the second song above the first, renames one, searches
 * the library, and makes and switches playlists; the lobby opens the same panel as
 * the /music modal (where files dropped on it go up too), and a phone gets it as
 * a sheet. With SCREENSHOTS_DIR set, the panel is photographed at 1280 and 375 px.
 */
import path from 'node:path';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { UPLOAD_PATH, libraryMessages, libraryPanelMessages } from '@platter/contract';
import { animationsSettled, launchBrowser } from './support/browser';
import { demoMemberPage } from './support/member';
import { apiPost, echosFreshRoom, logIn } from './support/room-members';
import { startServer, type RunningServer } from './support/server';
import { toneWav } from './support/wav';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_PER_MINUTE: '0' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  await animationsSettled(page);
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/**
 * A member of their own, signed up through the API for this test: the seed's members DJ in its
 * rooms, and a song that plays moves in its owner's queue while the test watches it.
 */
async function newMemberPage(name: string, options: BrowserContextOptions = {}): Promise<Page> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  await apiPost(server.baseUrl, 'user.email_register', { name, email, password: 'platter-demo' });
  const page = await demoMemberPage(browser, server.baseUrl, email, options);
  // A new member is offered the welcome tour over the lobby.
  await page
    .getByRole('button', { name: 'Skip tour' })
    .click({ timeout: 5000 })
    .catch(() => {});
  return page;
}

const panel = (page: Page) => page.getByRole('region', { name: 'My music' });
const queueTitles = (page: Page) =>
  panel(page).getByRole('list', { name: 'Queue' }).locator('.song__title').allTextContents();
const uploadRow = (page: Page, name: string) => panel(page).getByTestId('upload').filter({ hasText: name });

/** Drags a queue row by its handle to where another row is, the way a hand would: in small steps. */
async function dragRow(page: Page, from: Locator, to: Locator) {
  const handle = from.locator('.queue__handle');
  await to.scrollIntoViewIfNeeded();
  await handle.scrollIntoViewIfNeeded();
  const start = await handle.boundingBox();
  const target = await to.boundingBox();
  if (!start || !target) throw new Error('the rows are not on screen');
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2, target.y + 4, { steps: 12 });
  await page.mouse.up();
}

/** The same with a finger: touch events through the DevTools protocol (the browser makes pointer events of them). */
async function touchDrag(page: Page, handle: Locator, to: Locator) {
  await to.scrollIntoViewIfNeeded();
  await handle.scrollIntoViewIfNeeded();
  const start = await handle.boundingBox();
  const target = await to.boundingBox();
  if (!start || !target) throw new Error('the rows are not on screen');
  const cdp = await page.context().newCDPSession(page);
  const x = start.x + start.width / 2;
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  let y = start.y + start.height / 2;
  await touch('touchStart', y);
  const steps = 12;
  const end = target.y + 4;
  for (let i = 1; i <= steps; i++) await touch('touchMove', y + ((end - y) * i) / steps);
  y = end;
  await touch('touchEnd', y);
  await cdp.detach();
}

test('a member uploads, reorders, renames, searches and makes playlists in My music beside the chat', async () => {
  const room = await echosFreshRoom(server.baseUrl, `Music Test ${Date.now()}`);
  const uma = await newMemberPage('Uma Upload', { viewport: { width: 1280, height: 900 } });
  await uma.goto(`${server.baseUrl}/${room.shortcut}`);
  await uma.getByRole('tab', { name: 'My music' }).click();
  await panel(uma)
    .getByRole('tab', { name: /^Queue/ })
    .waitFor();
  const before = (await queueTitles(uma)).length;

  // Uploads travel slowly enough to be seen: 400 kB a second up.
  const cdp = await uma.context().newCDPSession(uma);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 400 * 1024,
  });
  await panel(uma)
    .getByLabel('Choose audio files to upload')
    .setInputFiles([
      { name: 'Low Tone.wav', mimeType: 'audio/wav', buffer: toneWav(12, 220) },
      { name: 'High Tone.wav', mimeType: 'audio/wav', buffer: toneWav(12, 880) },
      {
        name: 'notes.mp3',
        mimeType: 'audio/mpeg',
        buffer: Buffer.from('These are my notes, not a song.\n'.repeat(40)),
      },
    ]);
  // Each file has its row and its progress bar, partway at some moment.
  const progress = uploadRow(uma, 'Low Tone.wav').getByRole('progressbar');
  await expect
    .poll(
      async () => Number((await progress.getAttribute('aria-valuenow', { timeout: 2000 }).catch(() => null)) ?? 0),
      {
        interval: 50,
        timeout: 10_000,
      },
    )
    .toBeGreaterThan(0);
  await screenshot(uma, 'music-uploading-1280');
  await uploadRow(uma, 'Low Tone.wav').getByText('Added to your queue').waitFor({ timeout: 30_000 });
  await uploadRow(uma, 'High Tone.wav').getByText('Added to your queue').waitFor({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  // The text file is refused in the contract's words, and nothing of it is kept.
  await uploadRow(uma, 'notes.mp3').getByText(libraryMessages.notAudio).waitFor();
  // Both are at the end of the queue, in the order they arrived (two travel at once).
  await expect.poll(async () => (await queueTitles(uma)).slice(before).sort()).toEqual(['High Tone', 'Low Tone']);
  const lastTwo = async () => (await queueTitles(uma)).slice(-2);
  const [upper = '', lower = ''] = await lastTwo();
  await screenshot(uma, 'music-queue-1280');

  // Drag the lower one above the upper one; the server keeps the order (a reload shows it).
  const rows = panel(uma).getByRole('list', { name: 'Queue' }).getByTestId('queue-song');
  await dragRow(uma, rows.filter({ hasText: lower }), rows.filter({ hasText: upper }));
  await expect.poll(lastTwo).toEqual([lower, upper]);
  // And back with the keyboard's buttons.
  await panel(uma)
    .getByRole('button', { name: `Move “${lower}” down` })
    .click();
  await expect.poll(lastTwo).toEqual([upper, lower]);
  // So that High Tone stands above Low Tone from here on.
  if (upper === 'Low Tone') await dragRow(uma, rows.filter({ hasText: lower }), rows.filter({ hasText: upper }));
  await expect.poll(lastTwo).toEqual(['High Tone', 'Low Tone']);
  if (before === 0) await rows.first().getByText(libraryPanelMessages.upNext).waitFor();
  await uma.reload();
  await uma.getByRole('tab', { name: 'My music' }).click();
  await expect.poll(lastTwo).toEqual(['High Tone', 'Low Tone']);

  // Rename in place: an empty title is refused in the contract's words; Enter saves.
  await panel(uma).getByRole('button', { name: 'Edit “Low Tone”' }).click();
  const title = panel(uma).getByRole('textbox', { name: 'Title' });
  await title.fill('   ');
  await title.press('Enter');
  await panel(uma).getByText(libraryMessages.titleEmpty).waitFor();
  await screenshot(uma, 'music-edit-1280');
  await title.fill('Deep Hum');
  await panel(uma).getByRole('textbox', { name: 'Artist' }).fill('Uma Upload');
  await title.press('Enter');
  await expect.poll(async () => (await queueTitles(uma)).slice(-2)).toEqual(['High Tone', 'Deep Hum']);
  // Escape leaves a title as it was.
  await panel(uma).getByRole('button', { name: 'Edit “High Tone”' }).click();
  await title.fill('Never saved');
  await title.press('Escape');
  await expect.poll(async () => (await queueTitles(uma)).slice(-2)).toEqual(['High Tone', 'Deep Hum']);
  // A cover previews one's own song: the audio is fetched (the owner may), and stops again.
  const served = uma.waitForResponse((response) => response.url().includes('/audio/'));
  await panel(uma).getByRole('button', { name: 'Preview “Deep Hum”' }).click();
  expect([200, 206]).toContain((await served).status());
  await panel(uma).getByRole('button', { name: 'Stop “Deep Hum”' }).click();
  await panel(uma).getByRole('button', { name: 'Preview “Deep Hum”' }).waitFor();
  expect(await panel(uma).getByText(libraryPanelMessages.previewFailed).count()).toBe(0);
  // The room's chat is still a tab away.
  expect(await uma.getByRole('tab', { name: 'Chat' }).count()).toBe(1);

  // Search the whole library.
  await panel(uma)
    .getByRole('tab', { name: /^Library/ })
    .click();
  const search = panel(uma).getByRole('searchbox', { name: 'Search your library' });
  await search.fill('hum');
  const results = panel(uma).getByRole('list', { name: 'Songs matching “hum”' });
  await expect.poll(() => results.locator('.song__title').allTextContents()).toEqual(['Deep Hum']);
  await screenshot(uma, 'music-search-1280');
  await search.fill('no such song anywhere');
  await panel(uma).getByText('No songs match “no such song anywhere”.').waitFor();
  await search.fill('');

  // Playlists: a new one, switched to (an empty queue), a name taken, and back.
  await panel(uma).getByRole('button', { name: 'New', exact: true }).click();
  await panel(uma).getByRole('textbox', { name: "New playlist's name" }).fill('Late Night');
  await panel(uma).getByRole('button', { name: 'Create' }).click();
  const choice = panel(uma).getByRole('combobox', { name: 'Playlist' });
  await expect.poll(() => choice.locator('option').allTextContents()).toContain('Late Night (0)');
  await panel(uma).getByRole('button', { name: 'New', exact: true }).click();
  await panel(uma).getByRole('textbox', { name: "New playlist's name" }).fill('Late Night');
  await panel(uma).getByRole('button', { name: 'Create' }).click();
  await panel(uma).getByText(libraryMessages.playlistExists).waitFor();
  await panel(uma).getByRole('button', { name: 'Cancel' }).click();
  await choice.selectOption('Late Night');
  await panel(uma)
    .getByRole('tab', { name: /^Queue/ })
    .click();
  await panel(uma).getByText('Your queue is empty. Upload songs, or add them from your library.').waitFor();
  // A library song goes into the new queue.
  await panel(uma)
    .getByRole('tab', { name: /^Library/ })
    .click();
  await panel(uma).getByRole('button', { name: 'Add “Deep Hum” to the queue' }).click();
  await panel(uma).getByRole('tab', { name: 'Queue · 1' }).click();
  await expect.poll(() => queueTitles(uma)).toEqual(['Deep Hum']);
  await choice.selectOption({ label: `default (${before + 2})` });
  await expect.poll(async () => (await queueTitles(uma)).slice(-2)).toEqual(['High Tone', 'Deep Hum']);
  await screenshot(uma, 'music-room-1280');

  // Rename the new playlist, then delete it (asked first); the last one cannot go.
  await choice.selectOption('Late Night');
  await panel(uma).getByRole('button', { name: 'Rename' }).click();
  await panel(uma).getByRole('textbox', { name: "Playlist's new name" }).fill('After Hours');
  await panel(uma).getByRole('textbox', { name: "Playlist's new name" }).press('Enter');
  await expect.poll(() => choice.locator('option:checked').textContent()).toBe('After Hours (1)');
  await panel(uma).getByRole('button', { name: 'Delete', exact: true }).click();
  await panel(uma).getByText(libraryPanelMessages.deletePlaylist('After Hours')).waitFor();
  await panel(uma)
    .getByRole('group', { name: 'Delete this playlist?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect.poll(() => choice.locator('option').allTextContents()).toEqual([`default (${before + 2})`]);
  await panel(uma).getByRole('group', { name: 'Delete this playlist?' }).waitFor({ state: 'detached' });
  await panel(uma).getByRole('button', { name: 'Delete', exact: true }).click();
  await panel(uma)
    .getByRole('group', { name: 'Delete this playlist?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await panel(uma).getByText(libraryMessages.lastPlaylist).waitFor();
  await panel(uma).getByRole('button', { name: 'Keep' }).click();

  // Delete a song from the library (asked first): it leaves the queue too.
  await panel(uma)
    .getByRole('tab', { name: /^Library/ })
    .click();
  const library = panel(uma).getByRole('list', { name: 'Your library' });
  await library
    .getByTestId('library-song')
    .filter({ hasText: 'Deep Hum' })
    .getByText(libraryPanelMessages.inQueue)
    .waitFor();
  await panel(uma).getByRole('button', { name: 'Delete “High Tone” from your library' }).click();
  await panel(uma).getByText(libraryPanelMessages.deleteSong('High Tone')).waitFor();
  await panel(uma).getByRole('group', { name: 'Delete this song?' }).getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => library.locator('.song__title').allTextContents()).not.toContain('High Tone');
  await panel(uma)
    .getByRole('tab', { name: /^Queue/ })
    .click();
  await expect.poll(async () => (await queueTitles(uma)).slice(-1)).toEqual(['Deep Hum']);
  await uma.context().close();
});

test("a double click on a row's button is one press: one song moves, one leaves, one is added, and nothing is refused", async () => {
  const name = 'Dee Double';
  const page = await newMemberPage(name, { viewport: { width: 1280, height: 900 } });
  const who = await logIn(server.baseUrl, 'dee.double@example.com');
  for (const [index, title] of ['One', 'Two', 'Three'].entries()) {
    const query = new URLSearchParams({ ...who, filename: `${title}.wav` });
    const response = await fetch(`${server.baseUrl}${UPLOAD_PATH}?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array(toneWav(2, 330 + 110 * index)),
    });
    expect(((await response.json()) as [boolean])[0]).toBe(true);
  }
  await page.goto(`${server.baseUrl}/music`);
  await expect.poll(() => queueTitles(page)).toEqual(['One', 'Two', 'Three']);
  const settled = async (titles: string[]) => {
    await expect.poll(() => queueTitles(page)).toEqual(titles);
    // Still so once every call is answered and the queue read again.
    await page.waitForLoadState('networkidle');
    expect(await queueTitles(page)).toEqual(titles);
  };

  await panel(page)
    .getByRole('button', { name: libraryPanelMessages.moveDown('One') })
    .dblclick();
  await settled(['Two', 'One', 'Three']);
  await panel(page)
    .getByRole('button', { name: libraryPanelMessages.removeFromQueue('One') })
    .dblclick();
  await settled(['Two', 'Three']);
  await panel(page)
    .getByRole('tab', { name: /^Library/ })
    .click();
  await panel(page)
    .getByRole('button', { name: libraryPanelMessages.addToQueue('One') })
    .dblclick();
  await panel(page).getByText(libraryPanelMessages.inQueue).first().waitFor();
  await page.waitForLoadState('networkidle');
  expect(await panel(page).getByRole('alert').count()).toBe(0);
  await panel(page)
    .getByRole('tab', { name: /^Queue/ })
    .click();
  await settled(['Two', 'Three', 'One']);
  await page.context().close();
});

test('the lobby opens My music as a modal (files dropped on it go up), and a phone gets it as a sheet over the room', async () => {
  const ada = await demoMemberPage(browser, server.baseUrl, 'ada@example.com', {
    viewport: { width: 1280, height: 900 },
  });
  await ada.goto(server.baseUrl);
  await ada.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My music' }).click();
  const dialog = ada.getByRole('dialog', { name: 'My music' });
  await dialog
    .getByRole('region', { name: 'My music' })
    .getByRole('tab', { name: /^Queue/ })
    .waitFor();
  await expect.poll(() => ada.title()).toContain('My music');
  await screenshot(ada, 'music-lobby-1280');
  // Files dragged from the desktop and dropped anywhere on the panel go up like chosen ones.
  const files = await ada.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'Dropped Tone.wav', { type: 'audio/wav' }));
    return transfer;
  }, toneWav(2, 550).toString('base64'));
  await panel(ada).dispatchEvent('dragenter', { dataTransfer: files });
  await panel(ada).dispatchEvent('drop', { dataTransfer: files });
  await uploadRow(ada, 'Dropped Tone.wav').getByText(libraryPanelMessages.added).waitFor();
  await expect.poll(async () => (await queueTitles(ada)).at(-1)).toBe('Dropped Tone');
  await ada.context().close();

  const room = await echosFreshRoom(server.baseUrl, `Music Phone ${Date.now()}`);
  const phone = await newMemberPage('Pia Phone', {
    viewport: { width: 375, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  await phone.goto(`${server.baseUrl}/${room.shortcut}`);
  await phone.getByRole('button', { name: 'My music' }).click();
  const sheet = panel(phone);
  await sheet.getByRole('tab', { name: /^Queue/ }).waitFor();
  // The sheet covers the screen's width.
  const box = await sheet.boundingBox();
  expect(box?.width).toBeGreaterThan(330);
  // A finger drags as well as a mouse: the last song of the queue goes above the one before it.
  await sheet.getByLabel('Choose audio files to upload').setInputFiles([
    { name: 'Touch One.wav', mimeType: 'audio/wav', buffer: toneWav(3, 330) },
    { name: 'Touch Two.wav', mimeType: 'audio/wav', buffer: toneWav(3, 660) },
    {
      name: `${'a_long_name_with_no_spaces_'.repeat(4)}final.mp3`,
      mimeType: 'audio/mpeg',
      buffer: Buffer.from('notes'),
    },
  ]);
  await uploadRow(phone, 'Touch One.wav').getByText(libraryPanelMessages.added).waitFor();
  await uploadRow(phone, 'Touch Two.wav').getByText(libraryPanelMessages.added).waitFor();
  await uploadRow(phone, 'final.mp3').getByText(libraryMessages.notAudio).waitFor();
  // Every row stays within the sheet, a long file name cut short, so each row's size and × are in reach.
  const sheetRight = (box?.x ?? 0) + (box?.width ?? 0);
  for (const row of await sheet.getByTestId('upload').all()) {
    const rowBox = await row.boundingBox();
    expect((rowBox?.x ?? 0) + (rowBox?.width ?? Infinity)).toBeLessThanOrEqual(sheetRight);
  }
  await expect.poll(async () => (await queueTitles(phone)).slice(-2).sort()).toEqual(['Touch One', 'Touch Two']);
  const [above = '', below = ''] = (await queueTitles(phone)).slice(-2);
  const touchRows = sheet.getByRole('list', { name: 'Queue' }).getByTestId('queue-song');
  await touchDrag(phone, touchRows.last().locator('.queue__handle'), touchRows.nth(-2));
  await expect.poll(async () => (await queueTitles(phone)).slice(-2)).toEqual([below, above]);
  await screenshot(phone, 'music-sheet-375');
  await sheet.getByRole('tab', { name: /^Library/ }).click();
  await sheet.getByTestId('library-song').first().waitFor();
  await screenshot(phone, 'music-library-375');
  await sheet.getByRole('tab', { name: /^Queue/ }).click();
  await sheet.getByRole('button', { name: /^Edit/ }).first().click();
  await screenshot(phone, 'music-edit-375');
  await sheet.getByRole('textbox', { name: 'Title' }).press('Escape');
  await phone.getByRole('button', { name: 'Close My music' }).click();
  await expect.poll(() => sheet.isVisible()).toBe(false);
  // On a phone too, the lobby's header has it.
  await phone.goto(server.baseUrl);
  await screenshot(phone, 'lobby-header-375');
  await phone.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My music' }).click();
  await phone.getByRole('dialog', { name: 'My music' }).waitFor();
  await screenshot(phone, 'music-lobby-375');
  await phone.context().close();

  // A guest is shown the way in instead.
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`${server.baseUrl}/music`);
  await guest.getByRole('dialog', { name: 'My music' }).getByText(libraryPanelMessages.membersOnly).waitFor();
  await guest.context().close();
});
