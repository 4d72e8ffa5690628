/**
 * Sign-up with an address that already has an account (issue 31): the page
 * reads as after any sign-up, "check your mail", and the mail that arrives is
 * the owner's notice instead of a confirmation link. Nothing on the page tells
 * the two apart. Screenshots at 1280 and 375 px when SCREENSHOT_DIR is set.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signupMessages } from '@platter/contract';
import { launchBrowser } from './support/browser';
import { startMailCatcher, type MailCatcher } from './support/mail-catcher';
import { DEMO_MEMBER } from './support/member';
import { startServer, type RunningServer } from './support/server';

const SHOTS = process.env.SCREENSHOT_DIR;

let server: RunningServer;
let browser: Browser;
let mail: MailCatcher;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startServer({ SMTP_URL: mail.url, RATE_LIMIT_PER_MINUTE: '500' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mail?.stop();
});

/** Signs a new guest up with `email` through the two sign-up steps; resolves on the social step. */
async function signUp(page: Page, name: string, email: string) {
  await page.goto(`${server.baseUrl}/signup`);
  const signup = page.getByRole('dialog', { name: 'Sign up for Platter' });
  await signup.getByLabel('DJ name', { exact: true }).fill(name);
  await signup.getByRole('button', { name: 'Sign up' }).click();
  await expect.poll(() => page.url()).toBe(`${server.baseUrl}/signup/email`);
  const complete = page.getByRole('dialog', { name: 'Sign up for Platter' });
  await complete.getByLabel('Email', { exact: true }).fill(email);
  await complete.getByLabel('New password', { exact: true }).fill('fresh-secret');
  await complete.getByLabel('Confirm password', { exact: true }).fill('fresh-secret');
  await complete.getByRole('button', { name: 'Sign up' }).click();
  const social = page.getByRole('dialog', { name: 'Platter is awesome with friends!' });
  await social.waitFor();
  return social;
}

async function screenshot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`), animations: 'disabled' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: path.join(SHOTS, `${name}-375.png`), animations: 'disabled' });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a sign-up with a taken address reads as one with a new address; the owner gets the notice', async () => {
  const stamp = Date.now() % 100_000;
  const pages: Page[] = [];
  const said: string[] = [];
  for (const [name, email] of [
    [`Fresh ${stamp}`, `fresh${stamp}@example.com`],
    [`Copycat ${stamp}`, DEMO_MEMBER.email],
  ] as const) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: 'welcome', value: '1', url: server.baseUrl }]);
    const page = await context.newPage();
    pages.push(page);
    const social = await signUp(page, name, email);
    const status = social.getByRole('status');
    await status.getByText(signupMessages.checkMail(email)).waitFor();
    said.push((await status.textContent())!.replace(email, '{email}'));
  }
  // The same words, but for the address each typed.
  expect(said[0]).toBe(said[1]);
  await screenshot(pages[1]!, 'signup-check-mail');

  const confirm = await mail.waitFor(`fresh${stamp}@example.com`, /^Confirm your email/);
  expect(confirm.text).toContain('verify_token=');
  const notice = await mail.waitFor(DEMO_MEMBER.email, /^Someone tried to sign up for Platter/);
  expect(notice.text).toContain(`Hi ${DEMO_MEMBER.name},`);
  expect(notice.text).toContain('/reset-password');
  expect(notice.text).not.toContain('verify_token');
  for (const page of pages) await page.context().close();
});
