/**
 * Avatars in a real browser (spec §2 avatarPicker, §6, §7): the picker with
 * its locked tiers, choosing an avatar and seeing the header change, the Gold
 * tab, and the custom avatar maker for a Hall of Fame DJ. Screenshots of the
 * picker and of every character go to SCREENSHOT_DIR when it is set.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ALL_AVATAR_IDS, avatarImageUrl, avatarName, customAvatarId } from '@platter/contract';
import { launchBrowser } from './support/browser';
import { createRoomButton } from './support/member';
import { startServer, type RunningServer } from './support/server';

/** Screenshots for people to look at; not compared. */
const SHOTS = process.env.SCREENSHOT_DIR;

const ADA = { email: 'ada@example.com', password: 'platter-demo' }; // 1,520 points
const BASSLORD = { email: 'basslord@example.com', password: 'platter-demo' }; // 48,200 points

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

async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

async function logIn(
  width: number,
  who: { email: string; password: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/login`);
  const dialog = page.getByRole('dialog', { name: 'Sign in to Platter' });
  await dialog.getByLabel('Email').fill(who.email);
  await dialog.getByLabel('Password').fill(who.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await createRoomButton(page).waitFor();
  return { context, page };
}

const picker = (page: Page) => page.getByRole('dialog', { name: 'Change Avatar' });
const headerAvatar = (page: Page) => page.locator('.settings__toggle img.settings__avatar');

/** Waits until every picture (in the dialog, when there is one) has loaded or failed, so screenshots show the art. */
async function picturesLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const scope = document.querySelector('[role="dialog"]') ?? document;
    return Array.from(scope.querySelectorAll('img')).every((image) => image.complete);
  });
}

async function openPickerFromSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Ada Vinyl|Basslord/ }).click();
  await page.getByRole('menuitem', { name: 'Change Avatar' }).click();
  await picker(page).getByRole('tab', { name: 'Standard' }).waitFor();
}

test('a member sees locked tiers, picks an unlocked avatar and the header changes', async () => {
  const { context, page } = await logIn(1280, ADA);
  expect(await headerAvatar(page).getAttribute('src')).toBe(avatarImageUrl(8, 'headfront'));
  await openPickerFromSettings(page);
  const dialog = picker(page);
  await expect.poll(() => page.title()).toBe('Platter: Change Avatar');
  expect(await dialog.getByRole('tab', { name: 'Standard' }).getAttribute('aria-selected')).toBe('true');
  await dialog.getByText('1,520 DJ points').waitFor();

  // Ada wears Mochi (8), the default; the tiers she has not reached are locked and say why.
  expect(await dialog.getByRole('button', { name: 'Mochi' }).getAttribute('aria-pressed')).toBe('true');
  const headliner = dialog.getByRole('region', { name: 'Headliner' });
  await headliner.getByText('Unlocks at 5,000 DJ points').waitFor();
  expect(await headliner.getByRole('button', { name: avatarName(19) }).isDisabled()).toBe(true);
  await dialog.getByRole('region', { name: 'Hall of Fame' }).getByText('Unlocks at 40,000 DJ points').waitFor();
  await dialog.getByRole('region', { name: 'Supporters' }).getByText('Supporters only').waitFor();
  await dialog.getByRole('region', { name: 'Superusers' }).getByText('Superusers only').waitFor();
  expect(await dialog.getByRole('region', { name: 'Crowd Pleaser' }).locator('.avatar-picker__hint').count()).toBe(0);
  await picturesLoaded(page);
  await shoot(page, 'avatar-picker-1280');

  // Leo unlocks at 1,000 points: Ada has 1,520.
  const saved = page.waitForResponse((response) => response.url().includes('/api/user.set_avatar'));
  await dialog.getByRole('button', { name: 'Leo' }).click();
  expect((await (await saved).json())[0]).toBe(true);
  await expect.poll(() => headerAvatar(page).getAttribute('src')).toBe(avatarImageUrl(12, 'headfront'));
  await expect.poll(() => dialog.getByRole('button', { name: 'Leo' }).getAttribute('aria-pressed')).toBe('true');
  expect(await dialog.getByRole('button', { name: 'Mochi' }).getAttribute('aria-pressed')).toBe('false');
  await page.getByText("You're now Leo.").waitFor();

  // It holds after a reload: the server has it.
  await page.reload();
  await createRoomButton(page).waitFor();
  expect(await headerAvatar(page).getAttribute('src')).toBe(avatarImageUrl(12, 'headfront'));
  const dimensions = await headerAvatar(page).evaluate((image: HTMLImageElement) => image.naturalWidth);
  expect(dimensions).toBeGreaterThan(0);
  await context.close();
});

test('the Gold tab: locked for a member who is not Gold, with a link to Gold; showGold opens it', async () => {
  const { context, page } = await logIn(1280, ADA);
  await page.goto(`${server.baseUrl}/profile/avatar?showGold=1`);
  const dialog = picker(page);
  const goldTab = dialog.getByRole('tab', { name: 'Gold' });
  await goldTab.waitFor();
  expect(await goldTab.getAttribute('aria-selected')).toBe('true');
  const goldLeaf = dialog.getByRole('region', { name: 'Gold Leaf' });
  const goldOnly = goldLeaf.getByRole('link', { name: 'Gold members only' });
  expect(await goldOnly.getAttribute('href')).toBe('/gold');
  expect(await goldLeaf.getByRole('button', { name: 'King' }).isDisabled()).toBe(true);
  await picturesLoaded(page);
  await shoot(page, 'avatar-picker-gold-1280');

  await dialog.getByRole('tab', { name: 'Standard' }).click();
  await dialog.getByRole('region', { name: 'Starter' }).waitFor();
  await context.close();
});

test('a Hall of Fame DJ makes a custom avatar: head, body and print cycle 1 to 32', async () => {
  const { context, page } = await logIn(1280, BASSLORD);
  await openPickerFromSettings(page);
  const dialog = picker(page);
  const hallOfFame = dialog.getByRole('region', { name: 'Hall of Fame' });
  expect(await hallOfFame.locator('.avatar-picker__hint').count()).toBe(0);
  await hallOfFame.getByRole('button', { name: 'Make your own' }).click();

  // Basslord wears Ember (4): the maker starts from Ember's own parts.
  const head = dialog.getByRole('group', { name: 'Head' });
  await head.getByText('4 of 32').waitFor();
  await head.getByRole('button', { name: 'Next head' }).click();
  await head.getByText('5 of 32').waitFor();
  const body = dialog.getByRole('group', { name: 'Body' });
  for (let i = 0; i < 4; i++) await body.getByRole('button', { name: 'Previous body' }).click();
  await body.getByText('32 of 32').waitFor();
  const print = dialog.getByRole('group', { name: 'Screen print' });
  await print.getByRole('button', { name: 'Next screen print' }).click();
  await print.getByText('5 of 32').waitFor();
  const preview = dialog.getByRole('img', { name: 'Preview: head 5, body 32, screen print 5' });
  expect(await preview.locator('img').evaluateAll((images) => images.map((i) => i.getAttribute('src')))).toEqual([
    '/roommanager_assets/avatars/custom/body-32.png',
    '/roommanager_assets/avatars/custom/screen-5.png',
    '/roommanager_assets/avatars/custom/head-5.png',
  ]);
  await picturesLoaded(page);
  await shoot(page, 'avatar-maker-1280');

  await dialog.getByRole('button', { name: 'Save' }).click();
  const id = customAvatarId({ head: 5, body: 32, screen: 5 });
  await expect.poll(() => headerAvatar(page).getAttribute('src')).toBe(avatarImageUrl(id, 'headfront'));
  // Back in the picker, the maker's tile wears the design and is the current choice.
  const maker = hallOfFame.getByRole('button', { name: 'Make your own' });
  await expect.poll(() => maker.getAttribute('aria-pressed')).toBe('true');
  await context.close();
});

test('a guest is asked to sign up or log in first', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.baseUrl}/profile/avatar`);
  const dialog = picker(page);
  await dialog.getByText("Avatars belong to members. Sign up (it's free) or log in to choose yours.").waitFor();
  expect(await dialog.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
  expect(await dialog.getByRole('tab').count()).toBe(0);
  await page.close();
});

test('the picker on a phone', async () => {
  const { context, page } = await logIn(375, ADA);
  await page.goto(`${server.baseUrl}/profile/avatar`);
  await picker(page).getByRole('region', { name: 'Starter' }).waitFor();
  await picturesLoaded(page);
  await shoot(page, 'avatar-picker-375');
  await shoot(page, 'avatar-picker-375-full', true);
  // Nothing sticks out sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await context.close();
});

test('every character, head and full body', async () => {
  for (const width of [1280, 375]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const cell = (id: number) =>
      `<figure><img src="${server.baseUrl}${avatarImageUrl(id, 'fullfront')}" width="${width > 600 ? 90 : 60}">` +
      `<img src="${server.baseUrl}${avatarImageUrl(id, 'headfront')}" width="${width > 600 ? 56 : 40}">` +
      `<figcaption>${id} ${avatarName(id)}</figcaption></figure>`;
    await page.setContent(
      `<style>body{margin:12px;background:#16151d;color:#aaa6bb;font:11px system-ui;display:flex;flex-wrap:wrap;gap:8px}` +
        `figure{margin:0;display:grid;justify-items:center;gap:2px}</style>` +
        ALL_AVATAR_IDS.map(cell).join(''),
    );
    await picturesLoaded(page);
    const broken = await page.evaluate(
      () => Array.from(document.images).filter((image) => image.naturalWidth === 0).length,
    );
    expect(broken).toBe(0);
    await shoot(page, `avatar-characters-${width}`, true);
    await page.close();
  }
});
