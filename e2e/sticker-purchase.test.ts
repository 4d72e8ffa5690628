/**
 * Buying a paid sticker in a real browser against the sandbox card provider
 * (spec §2 Sticker editor: Checkout and the success modal; §4 Order polling;
 * issue 6): a member without a card places a paid sticker, goes from
 * Checkout to the credit card screen and back to Checkout with the laptop as
 * they left it, buys, sees the success screen, and the laptop is saved with
 * the sticker at full opacity. No card number reaches Platter's own server.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { goldAlerts, orderMessages } from '@platter/contract';
import { launchBrowser } from './support/browser';
import { filesHolding, RequestLog } from './support/card-privacy';
import { DEMO_MEMBER, logInAsDemoMember } from './support/member';
import { startServer, type RunningServer } from './support/server';

const SHOTS = process.env.SCREENSHOT_DIR;
const VISA = '4242 4242 4242 4242';

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

test('a member adds a card from Checkout, buys a paid sticker, and the laptop saves with it', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const requests = new RequestLog(page, server.baseUrl);
  const shoot = async (name: string) => {
    if (!SHOTS) return;
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.waitForTimeout(450);
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  };
  await logInAsDemoMember(page, server.baseUrl);

  await page.goto(`${server.baseUrl}/profile/stickers`);
  let editor = page.getByRole('dialog', { name: 'Laptop Stickers' });
  await editor.getByRole('region', { name: 'Stickers' }).waitFor();
  const loud = editor.getByRole('button', { name: 'Loud, $0.99: place on your laptop' });
  for (let i = 0; i < 10 && (await loud.count()) === 0; i++) {
    await editor.getByRole('button', { name: 'Next ›' }).click();
  }
  await loud.click();
  const placed = editor.getByRole('button', { name: /^Loud on your laptop/ });
  expect(await placed.evaluate((el) => getComputedStyle(el).opacity)).toBe('0.5');
  await editor.getByRole('button', { name: 'Checkout' }).click();
  await editor.getByRole('button', { name: 'Add a card' }).click();

  const card = page.getByRole('dialog', { name: 'Update Credit Card' });
  await card.getByLabel('Card number').fill(VISA);
  await card.getByLabel('Expiry month').fill('12');
  await card.getByLabel('Expiry year').fill(String(new Date().getFullYear() + 2));
  await card.getByLabel('CVC').fill('123');
  await card.getByLabel('ZIP code').fill('94107');
  await card.getByRole('button', { name: 'Save' }).click();
  await page.getByText(orderMessages.cardUpdated).waitFor();

  // Back at Checkout with the laptop as it was left.
  editor = page.getByRole('dialog', { name: 'Laptop Stickers' });
  await editor.getByText('•••• 4242').waitFor();
  expect(await editor.locator('.sticker-checkout__total').textContent()).toContain('$0.99');
  expect(await editor.getByText(/Gold discount/).count()).toBe(0);
  await editor.getByLabel('Your password').fill(DEMO_MEMBER.password);
  await shoot('sticker-checkout-card-1280');
  const placements = page.waitForResponse((response) => response.url().includes('/api/sticker.place'));
  await editor.getByRole('button', { name: 'Buy for $0.99' }).click();

  await editor.getByText(goldAlerts.stickersBought).waitFor({ timeout: 20_000 });
  const [ok] = (await (await placements).json()) as [boolean];
  expect(ok).toBe(true);
  await shoot('sticker-bought-1280');
  await editor.getByRole('button', { name: 'Back to my laptop' }).click();
  const bought = editor.getByRole('button', { name: /^Loud on your laptop/ });
  expect(await bought.getAttribute('aria-label')).not.toContain('not bought');
  expect(await bought.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  await editor.getByRole('button', { name: 'Save' }).waitFor();

  // Saved: it is there after a reload, bought.
  await page.reload();
  editor = page.getByRole('dialog', { name: 'Laptop Stickers' });
  await editor.getByRole('button', { name: /^Loud on your laptop/ }).waitFor();
  expect(await editor.getByRole('button', { name: 'Checkout' }).count()).toBe(0);

  expect(requests.toProviderWith(VISA)).toBeGreaterThan(0);
  expect(requests.leaks([VISA])).toEqual([]);
  expect(filesHolding(server.dataDir, [VISA])).toEqual([]);
  await context.close();
});
