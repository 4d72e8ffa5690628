/**
 * Gold in a real browser against the built-in sandbox card provider (spec §2
 * Credit card screen, Account Gold rows, Cancel- and Reactivate-gold, /gold;
 * §4; §5 card rules; §8; issue 6). Guests are asked to sign up. Then one
 * member's story, in order: sent home from cancel-gold while not Gold; every card message; a Visa saved; a
 * declined card in the provider's words; a MasterCard through saved-card
 * mode from /gold; Gold, with the emblem and the gold avatars; cancel and
 * reactivate; the Gold price at the sticker editor's Checkout. All along, no
 * card number reaches Platter's own server or its database.
 * Screenshots go to SCREENSHOT_DIR when it is set.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { cardMessages, goldAlerts, orderMessages } from '@platter/contract';
import { launchBrowser } from './support/browser';
import { filesHolding, RequestLog } from './support/card-privacy';
import { DEMO_MEMBER, logInAsDemoMember } from './support/member';
import { startServer, type RunningServer } from './support/server';

const SHOTS = process.env.SCREENSHOT_DIR;
const PRODUCT = 'Platter';
const CANCEL_TITLE = "Oh no! I hope it wasn't something we said...";
const YEAR = String(new Date().getFullYear() + 3);
const CARDS = {
  visa: '4242 4242 4242 4242',
  mastercard: '5555 5555 5555 4444',
  declined: '4000 0000 0000 0002',
  badChecksum: '4242 4242 4242 4241',
} as const;

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let requests: RequestLog;

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_PER_MINUTE: '0' });
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  requests = new RequestLog(page, server.baseUrl);
  await logInAsDemoMember(page, server.baseUrl);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.stop();
});

async function shoot(name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(450); // the modal's fade-in
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`) });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SHOTS, `${name}-375.png`) });
  await page.setViewportSize({ width: 1280, height: 900 });
}

const alert = (text: string) => page.locator('.alerts').getByText(text, { exact: true });
const cardScreen = () => page.getByRole('dialog', { name: 'Update Credit Card' });
const accounts = () => page.getByRole('dialog', { name: 'Manage Accounts' });
const goldPage = () => page.getByRole('dialog', { name: `${PRODUCT} Gold` });

async function fillCard(dialog: Locator, number: string, { cvc = '123', zip = '94107' } = {}): Promise<void> {
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry month').fill('12');
  await dialog.getByLabel('Expiry year').fill(YEAR);
  await dialog.getByLabel('CVC').fill(cvc);
  await dialog.getByLabel('ZIP code').fill(zip);
}

async function saveCard(dialog: Locator, number: string): Promise<void> {
  // The last save's alert may still show on a slow machine: only this save's counts.
  await alert(orderMessages.cardUpdated).waitFor({ state: 'detached', timeout: 10_000 });
  await fillCard(dialog, number);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await alert(orderMessages.cardUpdated).waitFor();
}

test('a guest is asked to sign up on /gold and on the credit card screen', async () => {
  const guest = await browser.newPage();
  for (const [route, title] of [
    ['/gold', `${PRODUCT} Gold`],
    ['/account/payment', 'Update Credit Card'],
  ] as const) {
    await guest.goto(`${server.baseUrl}${route}`);
    const dialog = guest.getByRole('dialog', { name: title });
    await dialog.getByRole('link', { name: 'Sign up' }).waitFor();
    expect(await dialog.getByLabel('Card number').count()).toBe(0);
  }
  await guest.close();
});

test('a member who is not Gold is sent home from cancel-gold and reactivate-gold', async () => {
  for (const route of ['/account/cancel-gold', '/account/reactivate-gold']) {
    await page.goto(`${server.baseUrl}${route}`);
    await expect.poll(() => page.url()).toBe(`${server.baseUrl}/`);
    expect(await page.getByRole('dialog').count()).toBe(0);
  }
});

test('the credit card screen shows each card message, the brand, and saves a Visa', async () => {
  await page.goto(`${server.baseUrl}/account`);
  await accounts().getByRole('link', { name: 'Turn Gold' }).waitFor();
  await page.goto(`${server.baseUrl}/account/payment`);
  const dialog = cardScreen();
  await dialog.getByLabel('Card number').waitFor();
  await expect.poll(() => page.title()).toBe('Platter: Update Credit Card');
  expect(Math.round((await dialog.boundingBox())!.width)).toBeLessThanOrEqual(520);

  // Every field is required.
  await dialog.getByRole('button', { name: 'Save' }).click();
  for (const message of Object.values(cardMessages)) await dialog.getByText(message).waitFor();

  // Wrong values, each with its own message; the §9 lengths hold what is typed.
  await dialog.getByLabel('Card number').fill(CARDS.badChecksum);
  await dialog.getByLabel('Expiry month').fill('13');
  await dialog.getByLabel('Expiry year').fill(YEAR);
  await dialog.getByLabel('CVC').fill('12');
  await dialog.getByLabel('ZIP code').fill('1234');
  expect(await dialog.getByText(cardMessages.cvc).count()).toBe(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  for (const message of Object.values(cardMessages)) await dialog.getByText(message).waitFor();
  for (const [label, max] of [
    ['Card number', '19'],
    ['Expiry month', '2'],
    ['Expiry year', '4'],
    ['CVC', '4'],
    ['ZIP code', '5'],
  ] as const) {
    expect(await dialog.getByLabel(label).getAttribute('maxlength'), label).toBe(max);
  }
  await shoot('gold-card-messages');

  // The brand shows as the number is typed.
  await dialog.getByLabel('Card number').fill('3782 8224');
  await dialog.getByRole('img', { name: 'American Express' }).first().waitFor();
  expect(await dialog.getByText(cardMessages.number).count()).toBe(0);

  await fillCard(dialog, CARDS.visa);
  await dialog.getByRole('img', { name: 'Visa' }).first().waitFor();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await alert(orderMessages.cardUpdated).waitFor();
  await accounts().getByText('•••• 4242').waitFor();
  expect(requests.toProviderWith(CARDS.visa)).toBeGreaterThan(0);
  await shoot('gold-accounts-card');
});

test("a declined card is refused in the provider's words; a MasterCard in saved-card mode then turns Gold", async () => {
  // Saved-card mode: the card shows masked; Save untouched changes nothing.
  await accounts().getByRole('link', { name: 'change' }).click();
  let dialog = cardScreen();
  await expect.poll(() => dialog.getByLabel('Card number').inputValue()).toBe('•••• •••• •••• 4242');
  expect(await dialog.getByLabel('Expiry month').inputValue()).toBe('12');
  expect(await dialog.getByLabel('Expiry year').inputValue()).toBe(YEAR);
  expect(await dialog.getByLabel('ZIP code').inputValue()).toBe('94107');
  await dialog.getByRole('img', { name: 'Visa' }).first().waitFor();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await accounts().getByText('•••• 4242').waitFor();

  // Touching a field leaves saved-card mode and empties every field.
  await accounts().getByRole('link', { name: 'change' }).click();
  dialog = cardScreen();
  await expect.poll(() => dialog.getByLabel('Expiry year').inputValue()).toBe(YEAR);
  await dialog.getByLabel('ZIP code').click();
  for (const label of ['Card number', 'Expiry month', 'Expiry year', 'CVC', 'ZIP code']) {
    expect(await dialog.getByLabel(label).inputValue(), label).toBe('');
  }
  await saveCard(dialog, CARDS.declined);
  await accounts().getByText('•••• 0002').waitFor();

  await page.goto(`${server.baseUrl}/gold`);
  await goldPage().getByText('$4.99 a month').waitFor();
  await goldPage().getByText('•••• 0002').waitFor();
  await shoot('gold-page');
  await goldPage().getByLabel('Your password').fill(DEMO_MEMBER.password);
  await goldPage().getByRole('button', { name: 'Turn Gold' }).click();
  await goldPage().getByText('Your card was declined.').waitFor({ timeout: 20_000 });

  // A new card from /gold comes back to /gold.
  await goldPage().getByRole('button', { name: 'change' }).click();
  dialog = cardScreen();
  await expect.poll(() => dialog.getByLabel('Card number').inputValue()).toBe('•••• •••• •••• 0002');
  await dialog.getByLabel('Card number').focus();
  expect(await dialog.getByLabel('Expiry month').inputValue()).toBe('');
  await saveCard(dialog, CARDS.mastercard);
  await goldPage().getByText('•••• 4444').waitFor();

  await goldPage().getByLabel('Your password').fill(DEMO_MEMBER.password);
  await goldPage().getByRole('button', { name: 'Turn Gold' }).click();
  await alert(goldAlerts.turnedGold(PRODUCT)).waitFor({ timeout: 20_000 });
  await goldPage().getByRole('heading', { name: "You're Gold" }).waitFor();
  await goldPage()
    .getByText(/^Renews on /)
    .waitFor();
  await shoot('gold-member');
});

test('a Gold member has the emblem on their profile and in the header, and the gold avatars', async () => {
  await page.goto(`${server.baseUrl}/profile`);
  const profile = page.getByRole('dialog', { name: DEMO_MEMBER.name });
  await profile.locator('.gold-emblem').waitFor();
  expect(await profile.getByRole('link', { name: 'Turn Gold' }).count()).toBe(0);
  await page.getByRole('navigation', { name: 'Account' }).getByText('Gold').waitFor({ state: 'attached' });

  await page.goto(`${server.baseUrl}/profile/avatar?showGold=1`);
  const picker = page.getByRole('dialog', { name: 'Change Avatar' });
  await picker.getByText("You're Gold").waitFor();
  expect(await picker.getByRole('link', { name: 'Gold members only' }).count()).toBe(0);
  expect(
    await picker.getByRole('region', { name: 'Gold Leaf' }).getByRole('button', { name: 'King' }).isEnabled(),
  ).toBe(true);
});

test('Manage Accounts: the Gold card with change and cancel; cancel keeps Gold until the period end; reactivate', async () => {
  await page.goto(`${server.baseUrl}/account`);
  await accounts().getByText('•••• 4444').waitFor();
  await accounts()
    .getByText(/^Gold renews on /)
    .waitFor();
  await accounts().getByRole('link', { name: 'cancel' }).click();

  const cancel = page.getByRole('dialog', { name: CANCEL_TITLE });
  await cancel.getByRole('button', { name: 'Cancel Gold' }).waitFor();
  expect(Math.round((await cancel.boundingBox())!.width)).toBeLessThanOrEqual(520);
  await shoot('gold-cancel');
  await cancel.getByRole('button', { name: 'Stay Gold' }).click();
  await accounts().getByRole('link', { name: 'cancel' }).click();
  await page.getByRole('dialog', { name: CANCEL_TITLE }).getByRole('button', { name: 'Cancel Gold' }).click();
  await alert(goldAlerts.canceled(PRODUCT)).waitFor();

  // pendcancel: Gold until the period end, reactivate instead of change and cancel; still Gold.
  await accounts()
    .getByText(/^Gold until /)
    .waitFor();
  expect(await accounts().getByRole('link', { name: 'change' }).count()).toBe(0);
  expect(await accounts().getByRole('link', { name: 'cancel' }).count()).toBe(0);
  await shoot('gold-accounts-pendcancel');
  await page.goto(`${server.baseUrl}/profile`);
  await page.getByRole('dialog', { name: DEMO_MEMBER.name }).locator('.gold-emblem').waitFor();

  await page.goto(`${server.baseUrl}/account`);
  await accounts().getByRole('link', { name: 'reactivate' }).click();
  const welcome = page.getByRole('dialog', { name: 'Welcome back!' });
  await welcome.getByRole('button', { name: 'Go Back' }).waitFor();
  await shoot('gold-reactivate');
  await welcome.getByRole('button', { name: 'Turn Gold' }).click();
  await alert(goldAlerts.reactivated(PRODUCT)).waitFor();
  await accounts().getByRole('link', { name: 'cancel' }).waitFor();
  await accounts().getByRole('link', { name: 'change' }).waitFor();
});

test("Checkout shows a Gold member's discount", async () => {
  await page.goto(`${server.baseUrl}/profile/stickers`);
  const editor = page.getByRole('dialog', { name: 'Laptop Stickers' });
  await editor.getByRole('region', { name: 'Stickers' }).waitFor();
  const paid = editor.getByRole('button', { name: /, \$\d+\.\d\d: place on your laptop$/ });
  for (let i = 0; i < 10 && (await paid.count()) === 0; i++) {
    await editor.getByRole('button', { name: 'Next ›' }).click();
  }
  await paid.first().click();
  await editor.getByRole('button', { name: 'Checkout' }).click();
  await editor.getByText('Gold discount (20%)').waitFor();
  await editor.getByText('•••• 4444').waitFor();
  await shoot('gold-sticker-checkout');
  await editor.getByRole('button', { name: 'Back to my laptop' }).click();
});

test("no card number reached Platter's own server, in a request or in its database", async () => {
  const numbers = Object.values(CARDS);
  expect(requests.leaks(numbers)).toEqual([]);
  expect(filesHolding(server.dataDir, numbers)).toEqual([]);
});
