/**
 * Creating a room (spec §2 Create-room modal, §4 Created room, §5): a name,
 * Public or Unlisted, the advanced options, the spec's messages, and landing
 * in the new room. Guests are asked to sign up first.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
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

async function api<T>(path: string): Promise<T> {
  const [ok, body] = (await (await fetch(`${server.baseUrl}/api/${path}`)).json()) as [boolean, T];
  expect(ok, path).toBe(true);
  return body;
}

/** Submits the open create-room form and returns what it sent. */
/** Sends the form; what the page sent, its session in the Authorization header (never in the body). */
async function submit(page: Page): Promise<unknown> {
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/room.create'));
  await page.getByRole('dialog').getByRole('button', { name: 'Create room' }).click();
  const request = await sent;
  expect(await request.headerValue('authorization')).toMatch(/^Platter \w+:\S+$/);
  return request.postDataJSON();
}

test('a guest on /create-room is asked to sign up or log in', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.baseUrl}/create-room`);
  const dialog = page.getByRole('dialog', { name: 'Create a Room' });
  await dialog.getByRole('link', { name: 'Sign up' }).waitFor();
  expect(await dialog.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
  expect(await dialog.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  expect(await dialog.getByLabel('Room name').count()).toBe(0);
  await dialog.getByRole('link', { name: 'Sign up' }).click();
  await expect.poll(() => page.url()).toBe(`${server.baseUrl}/signup`);
  await page.close();
});

test('a member creates a public room with the defaults and lands in it', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInAsDemoMember(page, server.baseUrl);
  await createRoomButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Create a Room' });
  await expect.poll(() => page.title()).toBe('Platter: Create a Room');

  // Public is the default; the advanced options are hidden until asked for.
  expect(await dialog.getByRole('radio', { name: /Public/ }).isChecked()).toBe(true);
  expect(await dialog.getByText('Anyone can join').count()).toBe(1);
  expect(await dialog.getByText('Only people with the link can join').count()).toBe(1);
  expect(await dialog.getByLabel('Max DJs').isVisible()).toBe(false);

  // A name is required, before anything is sent.
  let sent = false;
  page.on('request', (request) => (sent ||= request.url().includes('/api/room.create')));
  await dialog.getByLabel('Room name').fill('   ');
  await dialog.getByRole('button', { name: 'Create room' }).click();
  await dialog.getByText('Room needs a name.', { exact: true }).waitFor();
  expect(sent).toBe(false);

  await dialog.getByLabel('Room name').fill('Sunday Morning Vinyl');
  expect(await submit(page)).toEqual({
    room_name: 'Sunday Morning Vinyl',
    max_djs: 5,
    client: 'web',
    _: expect.any(Number),
  });
  await page.getByRole('heading', { level: 1, name: 'Sunday Morning Vinyl' }).waitFor();
  expect(page.url()).toBe(`${server.baseUrl}/sunday-morning-vinyl`);
  await expect.poll(() => page.title()).toBe('Platter: Sunday Morning Vinyl');

  // It is public: the directory's search finds it.
  const { rooms } = await api<{ rooms: { shortcut: string }[] }>('room.search?query=Sunday%20Morning');
  expect(rooms.map((room) => room.shortcut)).toContain('sunday-morning-vinyl');
  await context.close();
});

test('a member creates an unlisted room with advanced options', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInAsDemoMember(page, server.baseUrl);
  await page.goto(`${server.baseUrl}/create-room`);
  const dialog = page.getByRole('dialog', { name: 'Create a Room' });
  await dialog.getByLabel('Room name').fill('Secret Crate Diggers');
  await dialog.getByRole('radio', { name: /Unlisted/ }).check();
  await dialog.getByRole('button', { name: 'Advanced options' }).click();

  // Max DJs offers 1 to 5, 5 chosen; the points to DJ start at 0.
  const maxDjs = dialog.getByLabel('Max DJs');
  expect(await maxDjs.locator('option').allTextContents()).toEqual(['1', '2', '3', '4', '5']);
  expect(await maxDjs.inputValue()).toBe('5');
  const points = dialog.getByLabel('Points to DJ');
  expect(await points.inputValue()).toBe('0');

  await points.fill('-3');
  await dialog.getByRole('button', { name: 'Create room' }).click();
  await dialog.getByText('Points to DJ must be a whole number, 0 or more.').waitFor();

  await maxDjs.selectOption('3');
  await points.fill('250');
  expect(await submit(page)).toMatchObject({
    room_name: 'Secret Crate Diggers',
    max_djs: 3,
    privacy: 'unlisted',
    djthreshold: 250,
  });
  await page.getByRole('heading', { level: 1, name: 'Secret Crate Diggers' }).waitFor();
  expect(page.url()).toBe(`${server.baseUrl}/secret-crate-diggers`);

  const { room } = await api<{ room: { metadata: { max_djs: number; djthreshold: number } } }>(
    'room.info?roomid=secret-crate-diggers',
  );
  expect(room.metadata).toMatchObject({ max_djs: 3, djthreshold: 250 });
  // Unlisted: only people with the link find it.
  const { rooms } = await api<{ rooms: unknown[] }>('room.search?query=Secret%20Crate');
  expect(rooms).toEqual([]);
  await context.close();
});
