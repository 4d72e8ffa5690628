/**
 * Laptop stickers in a real browser (spec §2 stickerEdit, §4, §5, §8, §9):
 * a member places a free sticker by keyboard and another by dragging, turns
 * one, saves and sees them after a reload; a paid sticker shows at half
 * opacity and turns Save into Checkout, whose total wants a card on file;
 * the 21st sticker is refused; a guest is asked to sign up. Screenshots go
 * to SCREENSHOT_DIR when it is set.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { MAX_STICKER_PLACEMENTS, stickerMessages } from '@platter/contract';
import { animationsSettled, launchBrowser } from './support/browser';
import { logInAsDemoMember } from './support/member';
import { startServer, type RunningServer } from './support/server';

/** Screenshots for people to look at; not compared. */
const SHOTS = process.env.SCREENSHOT_DIR;

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

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('[role="dialog"] img')).every((image) => (image as HTMLImageElement).complete),
  );
  await page.waitForTimeout(500); // the modal's fade-in
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function memberAt(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await logInAsDemoMember(page, server.baseUrl);
  return { context, page };
}

async function openEditor(page: Page): Promise<Locator> {
  await page.goto(`${server.baseUrl}/profile/stickers`);
  const dialog = page.getByRole('dialog', { name: 'Laptop Stickers' });
  await dialog.getByRole('region', { name: 'Stickers' }).waitFor();
  // The tests measure the lid to aim the pointer: not while the modal still rises into place.
  await animationsSettled(page);
  return dialog;
}

const choice = (dialog: Locator, name: string) =>
  dialog.getByRole('button', { name: new RegExp(`^${name}, (Free|\\$\\d+\\.\\d\\d): place on your laptop$`) });
const onLaptop = (dialog: Locator, name: string) =>
  dialog.getByRole('button', { name: new RegExp(`^${name} on your laptop`) });

/** Pages through the picker until the sticker shows. */
async function findInPicker(dialog: Locator, name: string): Promise<Locator> {
  const wanted = choice(dialog, name);
  for (let i = 0; i < 10 && (await wanted.count()) === 0; i++) {
    await dialog.getByRole('button', { name: 'Next ›' }).click();
  }
  return wanted;
}

test('a member places stickers by keyboard and by dragging, turns one, saves, and sees them after a reload', async () => {
  const { context, page } = await memberAt(1280);
  let dialog = await openEditor(page);
  await expect.poll(() => page.title()).toBe('Platter: Laptop Stickers');
  expect(await dialog.locator('.sticker-picker__item').count()).toBe(4);
  await dialog.getByText('Free', { exact: true }).first().waitFor();
  expect(await dialog.getByRole('button', { name: 'Save' }).isVisible()).toBe(true);
  // The catalogue lists free stickers first, so the first page holds two free ones.
  const [first, second] = await dialog.locator('.sticker-picker__name').allTextContents();
  if (!first || !second) throw new Error('the picker shows no stickers');

  // By keyboard: focus a sticker in the picker and press Enter; it lands in the middle of the lid.
  await choice(dialog, first).focus();
  await page.keyboard.press('Enter');
  const play = onLaptop(dialog, first);
  await play.waitFor();
  const laptop = dialog.getByTestId('laptop');
  const lid = (await laptop.boundingBox())!;
  expect(Math.round(lid.width)).toBe(564);
  const playBox = (await play.boundingBox())!;
  expect(Math.round(playBox.x - lid.x)).toBe(217);
  expect(Math.round(playBox.width)).toBe(130);

  // Turn it with the ] key, twice.
  await play.focus();
  await page.keyboard.press(']');
  await page.keyboard.press(']');
  await expect
    .poll(() => play.locator('..').evaluate((el) => (el as HTMLElement).style.transform))
    .toBe('rotate(30deg)');

  // By dragging: from the picker to the top-left of the lid.
  const from = (await choice(dialog, second).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y - 40, { steps: 5 });
  await page.mouse.move(lid.x + 100, lid.y + 100, { steps: 10 });
  await page.mouse.up();
  const awesome = onLaptop(dialog, second);
  await awesome.waitFor();
  const dropped = (await awesome.boundingBox())!;
  expect(Math.round(dropped.x - lid.x)).toBe(100 - 65);
  expect(Math.round(dropped.y - lid.y)).toBe(100 - 65);
  await dialog.getByText(`2 of ${MAX_STICKER_PLACEMENTS} stickers`).waitFor();

  // Move it by dragging it 50 pixels right.
  await page.mouse.move(dropped.x + 65, dropped.y + 65);
  await page.mouse.down();
  await page.mouse.move(dropped.x + 115, dropped.y + 65, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => Math.round((await awesome.boundingBox())!.x - lid.x)).toBe(85);
  await shoot(page, 'stickers-1280');

  const saved = page.waitForResponse((response) => response.url().includes('/api/sticker.place'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  const [ok, body] = (await (await saved).json()) as [boolean, { placements: unknown[] }];
  expect(ok).toBe(true);
  expect(body.placements).toEqual([
    expect.objectContaining({ top: 126, left: 217, angle: 30 }),
    expect.objectContaining({ top: 35, left: 85, angle: 0 }),
  ]);
  await page.getByText('Your laptop stickers are saved.').waitFor();
  await dialog.waitFor({ state: 'detached' });

  await page.reload();
  dialog = await openEditor(page);
  await onLaptop(dialog, first).waitFor();
  await onLaptop(dialog, second).waitFor();
  expect(
    await onLaptop(dialog, first)
      .locator('..')
      .evaluate((el) => (el as HTMLElement).style.transform),
  ).toBe('rotate(30deg)');

  // A paid sticker she has not bought: half opacity, and the button reads Checkout.
  const loud = await findInPicker(dialog, 'Loud');
  await dialog.getByText('$0.99').first().waitFor();
  await loud.click();
  const placedLoud = onLaptop(dialog, 'Loud');
  await placedLoud.waitFor();
  expect(await placedLoud.evaluate((el) => getComputedStyle(el).opacity)).toBe('0.5');
  expect(await onLaptop(dialog, first).evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  expect(await dialog.getByRole('button', { name: 'Save' }).count()).toBe(0);
  await shoot(page, 'stickers-paid-1280');
  await dialog.getByRole('button', { name: 'Checkout' }).click();
  await dialog.getByText('Total').waitFor();
  expect(await dialog.locator('.sticker-checkout__total').textContent()).toContain('$0.99');
  // Buying needs a card on file (e2e/sticker-purchase.test.ts buys one).
  await dialog.getByRole('button', { name: 'Add a card' }).waitFor();
  expect(await dialog.getByRole('button', { name: 'Buy for $0.99' }).isDisabled()).toBe(true);
  await shoot(page, 'stickers-checkout-1280');

  // Back, and taking it off again (Delete) brings Save back.
  await dialog.getByRole('button', { name: 'Back to my laptop' }).click();
  await onLaptop(dialog, 'Loud').focus();
  await page.keyboard.press('Delete');
  await dialog.getByRole('button', { name: 'Save' }).waitFor();
  expect(await onLaptop(dialog, 'Loud').count()).toBe(0);
  await context.close();
});

test('on a phone the laptop scales to fit, and the 21st sticker is refused', async () => {
  const { context, page } = await memberAt(375);
  const dialog = await openEditor(page);
  const lid = (await dialog.getByTestId('laptop').boundingBox())!;
  expect(lid.x).toBeGreaterThanOrEqual(0);
  expect(lid.x + lid.width).toBeLessThanOrEqual(375);
  expect(lid.height / lid.width).toBeCloseTo(381 / 564, 2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shoot(page, 'stickers-375');

  // Turning by the handle works on the scaled-down lid too: drag it level with the centre, to the right.
  const sticker = dialog.locator('.laptop__sticker').nth(1);
  await sticker.locator('button').click();
  const box = (await sticker.boundingBox())!;
  const handle = (await dialog.locator('.laptop__rotate-handle').boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 - 30, { steps: 4 });
  await page.mouse.move(box.x + box.width / 2 + 100, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  expect(
    await dialog.locator('.laptop__sticker.is-selected').evaluate((el) => (el as HTMLElement).style.transform),
  ).toBe('rotate(90deg)');

  const play = dialog.locator('.sticker-picker__choice').first();
  const already = await dialog.locator('.laptop__sticker').count();
  for (let i = already; i < MAX_STICKER_PLACEMENTS; i++) await play.click();
  await dialog.getByText(`${MAX_STICKER_PLACEMENTS} of ${MAX_STICKER_PLACEMENTS} stickers`).waitFor();
  await play.click();
  await page.getByText(stickerMessages.limitAlert).waitFor();
  expect(await dialog.locator('.laptop__sticker').count()).toBe(MAX_STICKER_PLACEMENTS);
  await shoot(page, 'stickers-full-375');
  await context.close();
});

test('a guest is asked to sign up', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/profile/stickers`);
  const dialog = page.getByRole('dialog', { name: 'Laptop Stickers' });
  await dialog.getByText('Laptop stickers belong to members.', { exact: false }).waitFor();
  expect(await dialog.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
  await context.close();
});
