/** The seeded demo member, and logging in as them through the login modal. */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { pmDockMessages } from '@platter/contract';

export const DEMO_MEMBER = { name: 'Ada Vinyl', email: 'ada@example.com', password: 'platter-demo' } as const;

export async function logInAsDemoMember(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  const dialog = page.getByRole('dialog', { name: 'Sign in to Platter' });
  await dialog.getByLabel('Email').fill(DEMO_MEMBER.email);
  await dialog.getByLabel('Password').fill(DEMO_MEMBER.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await createRoomButton(page).waitFor();
}

/** The header's create-room button (spec §2: registered users see it instead of sign-up and log-in). */
export function createRoomButton(page: Page) {
  return page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Create a room' });
}

/** The PM button in the page's top bar (docs/pm.md): "Messages", or "Messages, 2 unread" to a screen reader. */
export function messagesButton(page: Page) {
  return page.getByRole('button', { name: new RegExp(`^${pmDockMessages.button}`) });
}

/** A fresh browser context logged in as a demo member (password platter-demo) by the login modal. */
export async function demoMemberPage(
  browser: Browser,
  baseUrl: string,
  email: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await page.goto(`${baseUrl}/login`);
  const dialog = page.getByRole('dialog', { name: 'Sign in to Platter' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('platter-demo');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await dialog.waitFor({ state: 'detached' });
  return page;
}
