/**
 * The lobby's room list (spec §2, §4): views and sorts and their rules,
 * search, infinite scroll, and picking a room, which opens its page.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { roomMessages } from '@platter/contract';
import { launchBrowser } from './support/browser';
import { createRoomButton, logInAsDemoMember } from './support/member';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface ApiRoom {
  name: string;
  shortcut: string;
}

async function api<T>(path: string): Promise<T> {
  const [ok, body] = (await (await fetch(`${server.baseUrl}/api/${path}`)).json()) as [boolean, T];
  expect(ok, path).toBe(true);
  return body;
}

const tiles = (page: Page) => page.locator('.room-tile');
const tileNames = (page: Page) => page.locator('.room-tile__name').allTextContents();
const buttonsIn = (page: Page, nav: string) =>
  page.getByRole('navigation', { name: nav }).getByRole('button').allTextContents();
const pressed = (page: Page, nav: string) =>
  page.getByRole('navigation', { name: nav }).locator('[aria-pressed="true"]').allTextContents();

/** The next directory request the page makes, as its query parameters. */
function nextDirectoryCall(page: Page): Promise<URLSearchParams> {
  return page
    .waitForRequest((request) => request.url().includes('/api/room.directory_rooms'))
    .then((request) => new URL(request.url()).searchParams);
}

test('a guest gets the list 20 at a time, without Favorites, and scrolling loads page two', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.baseUrl}/`);
  await tiles(page).first().waitFor();

  expect(await buttonsIn(page, 'Room views')).toEqual(['All Rooms', 'DJs Needed']);
  expect(await buttonsIn(page, 'Sort rooms')).toEqual(["What's Hot", '# of Listeners', 'Recent', 'Random']);
  expect(await pressed(page, 'Sort rooms')).toEqual(["What's Hot"]);
  expect(await createRoomButton(page).count()).toBe(0);
  expect(await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign up' }).count()).toBe(
    1,
  );

  // The tiles are the directory's first page, in its order, each a link to the room.
  const { rooms } = await api<{ rooms: ApiRoom[] }>('room.directory_rooms?section_aware=true');
  expect(await tileNames(page)).toEqual(rooms.map((room) => room.name));
  expect(await tiles(page).first().getAttribute('href')).toBe(`/${rooms[0]?.shortcut}`);

  // The seed has more than 60 public rooms: the bottom of a full page brings the next one.
  await page.locator('.room-list__sentinel').scrollIntoViewIfNeeded();
  await expect.poll(() => tiles(page).count()).toBe(40);
  const { rooms: second } = await api<{ rooms: ApiRoom[] }>('room.directory_rooms?section_aware=true&skip=20');
  expect((await tileNames(page)).slice(20)).toEqual(second.map((room) => room.name));
  await page.close();
});

test('picking a room is a full page load of its address, which shows the room', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.baseUrl}/`);
  const tile = tiles(page).nth(1);
  await tile.waitFor();
  const name = await tile.locator('.room-tile__name').textContent();
  const href = await tile.getAttribute('href');
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  await tile.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: name ?? '' }).waitFor();
  expect(page.url()).toBe(`${server.baseUrl}${href}`);
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(false);
  await expect.poll(() => page.title()).toBe(`Platter: ${name}`);
  // The room page: its stage (loaded on demand) with the room's DJ spots.
  await page.getByRole('region', { name: 'Stage' }).waitFor();

  // Back to the lobby within the app.
  await page.getByRole('link', { name: 'Back to the lobby' }).click();
  await tiles(page).first().waitFor();
  expect(page.url()).toBe(`${server.baseUrl}/`);

  await page.goto(`${server.baseUrl}/no-such-room`);
  await page.getByRole('heading', { name: "We couldn't find that room." }).waitFor();
  await page.getByRole('alert').getByText(roomMessages.broken).waitFor();
  await expect.poll(() => page.title()).toBe('Platter: room not found');
  // An address that cannot name a room (a NUL in it) is no room either: nothing to try again.
  await page.goto(`${server.baseUrl}/no-such-room%00`);
  await page.getByRole('heading', { name: "We couldn't find that room." }).waitFor();
  expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
  await page.close();
});

test('search: matches, no results word for word, and only spaces is the plain list', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.baseUrl}/`);
  await tiles(page).first().waitFor();

  const search = page.getByRole('searchbox', { name: 'Search rooms' });
  await search.fill('jazz');
  await search.press('Enter');
  await expect.poll(() => page.url()).toBe(`${server.baseUrl}/?search=jazz`);
  const { rooms } = await api<{ rooms: ApiRoom[] }>('room.search?query=jazz');
  expect(rooms.length).toBeGreaterThan(0);
  await expect.poll(() => tileNames(page)).toEqual(rooms.map((room) => room.name));
  // A search is no view, and has no sorts.
  expect(await pressed(page, 'Room views')).toEqual([]);
  expect(await page.getByRole('navigation', { name: 'Sort rooms' }).count()).toBe(0);

  await search.fill('no room is called this');
  await search.press('Enter');
  await page.getByText('Sorry, no results were returned.', { exact: true }).waitFor();
  await page.getByText('Try another search term, or click a navigation button.', { exact: true }).waitFor();
  expect(await tiles(page).count()).toBe(0);

  await page.goto(`${server.baseUrl}/?search=%20%20%20`);
  await expect.poll(() => tiles(page).count()).toBe(20);
  expect(await pressed(page, 'Room views')).toEqual(['All Rooms']);
  await page.close();
});

test('a member has Favorites; a view resets the sort and clears the search, a sort keeps the view', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInAsDemoMember(page, server.baseUrl);
  await tiles(page).first().waitFor();
  expect(await createRoomButton(page).getAttribute('href')).toBe('/create-room');
  expect(await buttonsIn(page, 'Room views')).toEqual(['All Rooms', 'DJs Needed', 'Favorites']);
  // The demo member is in a room: its tile is marked.
  await page.locator('.room-tile.is-current').getByText("You're here").waitFor();

  // A sort keeps the view, and the list starts again from the first page.
  let call = nextDirectoryCall(page);
  await page.getByRole('button', { name: '# of Listeners' }).click();
  expect(Object.fromEntries(await call)).toMatchObject({ constraints: 'allRooms', sort: 'listeners', skip: '0' });
  expect(await pressed(page, 'Room views')).toEqual(['All Rooms']);
  expect(await pressed(page, 'Sort rooms')).toEqual(['# of Listeners']);

  // Random: one seed, chosen as the list starts, for all of its pages.
  call = nextDirectoryCall(page);
  await page.getByRole('button', { name: 'Random' }).click();
  const first = await call;
  const seed = Number(first.get('seed'));
  expect(seed).toBeGreaterThanOrEqual(0);
  expect(seed).toBeLessThan(1);
  await expect.poll(() => tiles(page).count()).toBe(20);
  call = nextDirectoryCall(page);
  await page.locator('.room-list__sentinel').scrollIntoViewIfNeeded();
  expect(Object.fromEntries(await call)).toMatchObject({ sort: 'random', skip: '20', seed: first.get('seed') });
  await expect.poll(() => tiles(page).count()).toBe(40);

  // A view resets the sort to What's Hot, and starts from the top.
  call = nextDirectoryCall(page);
  await page.getByRole('button', { name: 'DJs Needed' }).click();
  expect(Object.fromEntries(await call)).toMatchObject({ constraints: 'DJsNeeded', sort: 'hotness', skip: '0' });
  expect(await buttonsIn(page, 'Sort rooms')).toEqual(["What's Hot", 'Random']);
  expect(await pressed(page, 'Sort rooms')).toEqual(["What's Hot"]);

  // A search, then a view: the sort is What's Hot again and the search is gone.
  const search = page.getByRole('searchbox', { name: 'Search rooms' });
  await search.fill('jazz');
  await search.press('Enter');
  await page.getByText('Rooms matching').waitFor();
  call = nextDirectoryCall(page);
  await page.getByRole('button', { name: 'Favorites' }).click();
  expect(Object.fromEntries(await call)).toMatchObject({ constraints: 'favorites', sort: 'hotness' });
  await expect.poll(() => page.url()).toBe(`${server.baseUrl}/`);
  expect(await search.inputValue()).toBe('');
  expect(await pressed(page, 'Room views')).toEqual(['Favorites']);
  expect(await buttonsIn(page, 'Sort rooms')).toEqual(["What's Hot", '# of Listeners']);
  expect(await pressed(page, 'Sort rooms')).toEqual(["What's Hot"]);

  // A return visit shows the same list.
  await page.getByRole('button', { name: '# of Listeners' }).click();
  call = nextDirectoryCall(page);
  await page.reload();
  expect(Object.fromEntries(await call)).toMatchObject({ constraints: 'favorites', sort: 'listeners' });
  expect(await pressed(page, 'Room views')).toEqual(['Favorites']);
  expect(await pressed(page, 'Sort rooms')).toEqual(['# of Listeners']);
  await context.close();
});
