/**
 * Human verification at login and sign-up (spec §7), with CAPTCHA_PROVIDER
 * set: the provider's widget shows above the button and its token goes with
 * the request. The provider is played by a stand-in widget script (served in
 * place of the real one) and a siteverify endpoint on loopback.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const SITE_KEY = 'site-key-for-tests';
const GOOD_TOKEN = 'token-of-a-person';

let server: RunningServer;
let browser: Browser;
let siteverify: http.Server;
const verified: URLSearchParams[] = [];

beforeAll(async () => {
  siteverify = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += String(chunk)));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      verified.push(form);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ success: form.get('response') === GOOD_TOKEN }));
    });
  });
  await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
  const { port } = siteverify.address() as AddressInfo;
  server = await startServer({
    CAPTCHA_PROVIDER: 'turnstile',
    CAPTCHA_SITE_KEY: SITE_KEY,
    CAPTCHA_SECRET: 'secret-for-tests',
    CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    // The demo members register without a check; here the journeys make their own member.
    SEED_DEMO: 'false',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => siteverify?.close(resolve));
});

/** A stand-in for the provider's script: a button that "passes" the check, rendered where asked. */
const WIDGET_SCRIPT = `
window.turnstile = {
  render(element, options) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = "I'm a person (" + options.sitekey + ")";
    button.onclick = () => options.callback(${JSON.stringify(GOOD_TOKEN)});
    element.append(button);
    return 'widget-' + Math.random();
  },
  remove() {},
};`;

async function withWidget(page: Page): Promise<void> {
  await page.route('https://challenges.cloudflare.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: WIDGET_SCRIPT }),
  );
}

/** The member the sign-up journey makes, who then logs in. */
const member = { email: '', password: 'a-good-secret' };

test('the complete-registration step sends the check with the registration', async () => {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'welcome', value: '1', url: server.baseUrl }]);
  const page = await context.newPage();
  await withWidget(page);
  await page.goto(`${server.baseUrl}/signup`);
  const dialog = page.getByRole('dialog', { name: 'Sign up for Platter' });
  const name = `Human ${Date.now() % 100_000}`;
  member.email = `human${Date.now()}@example.com`;
  await expect.poll(() => dialog.getByLabel('DJ name', { exact: true }).inputValue()).not.toBe('');
  await dialog.getByLabel('DJ name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  await expect.poll(() => page.url()).toBe(`${server.baseUrl}/signup/email`);
  await dialog.getByLabel('Email', { exact: true }).fill(member.email);
  await dialog.getByLabel('New password', { exact: true }).fill(member.password);
  await dialog.getByLabel('Confirm password', { exact: true }).fill(member.password);
  await dialog.getByRole('button', { name: /I'm a person/ }).click();
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/user.guest_register'));
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ name, captcha: GOOD_TOKEN });
  await page.getByRole('dialog', { name: 'Platter is awesome with friends!' }).waitFor();
  await context.close();
});

test('login asks for the check, and passes once the person has done it', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await withWidget(page);
  await page.goto(`${server.baseUrl}/login`);
  const dialog = page.getByRole('dialog', { name: 'Sign in to Platter' });
  await dialog.getByRole('button', { name: `I'm a person (${SITE_KEY})` }).waitFor();

  // Without the check the server refuses, in words that point at it.
  await dialog.getByLabel('Email', { exact: true }).fill(member.email);
  await dialog.getByLabel('Password', { exact: true }).fill(member.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await dialog.getByText("Please confirm you're a person (the check above the button) and try again.").waitFor();

  // A fresh widget for the next attempt; passing it lets the member in.
  await dialog.getByRole('button', { name: /I'm a person/ }).click();
  const sent = page.waitForRequest((r) => r.url().endsWith('/email_login/'));
  await dialog.getByRole('button', { name: 'Log in' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ captcha: GOOD_TOKEN });
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Create a room' }).waitFor();
  expect(verified.at(-1)?.get('response')).toBe(GOOD_TOKEN);
  await context.close();
});
