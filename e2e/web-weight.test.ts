/**
 * The weight of the page (docs/web-weight.md): the lobby's first load fetches no modal's code
 * and no zod, a modal opened over it fetches its own, and nothing the page runs trips the
 * Content-Security-Policy (zod's eval probe did, on every page that built a schema). A room's
 * song is not fetched for a page the browser does not yet let play (docs/music.md).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AUDIO_PATH_PREFIX } from '@platter/contract';
import { launchBrowser } from './support/browser';
import { roomPlayingTone } from './support/room-members';
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

/** A page that records every CSP violation, as the console reports it and as the document hears it. */
async function watchedPage(): Promise<{ page: Page; violations: string[]; scripts: string[] }> {
  const page = await browser.newPage();
  const violations: string[] = [];
  const scripts: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${event.violatedDirective}: ${event.blockedURI}`,
      );
    });
  });
  return { page, violations, scripts };
}

test('the lobby loads no modal and no zod; a modal over it brings its own; nothing breaks the CSP', async () => {
  const { page, violations, scripts } = await watchedPage();
  await page.goto(`${server.baseUrl}/`);
  await page.locator('.topbar').waitFor();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((script) => /\/(signup-modal|create-room-modal|room-page)-[^/]*\.js$/.test(script))).toEqual(
    [],
  );
  // zod's schemas ($ZodObject is the name its object schemas are built under) are in none of them.
  for (const script of scripts) {
    expect(await (await page.request.get(`${server.baseUrl}${script}`)).text(), script).not.toContain('$ZodObject');
  }

  // Split sheets load in any order: the page fixes the layers' order before the first of them.
  expect(
    await page.evaluate(() => {
      const first = document.styleSheets[0]?.cssRules[0];
      return first instanceof CSSLayerStatementRule ? [...first.nameList] : null;
    }),
  ).toEqual(['base', 'ui', 'features', 'room']);

  // Sign up over the lobby: its form checks the DJ name with the contract's rule as it is typed.
  await page.getByRole('link', { name: 'Sign up' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox').first().waitFor();
  expect(scripts.some((script) => /signup-modal[^/]*\.js$/.test(script))).toBe(true);
  await page.goto(`${server.baseUrl}/create-room`);
  await page.getByRole('dialog').waitFor();
  await page.goto(`${server.baseUrl}/some-room`);
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
  await page.close();
});

test("a guest whose browser waits for a click fetches none of a playing room's song until they click", async () => {
  // Chromium's own rules weigh past visits; this one always wants a click in the page first.
  const strict = await launchBrowser(['--autoplay-policy=document-user-activation-required']);
  const room = await roomPlayingTone(server.baseUrl, 120);
  try {
    const page = await strict.newPage();
    const audio: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith(AUDIO_PATH_PREFIX)) audio.push(request.url());
    });
    // Until the page is refused, it is read over CDP alone: Playwright's own reads count as a click
    // in the page (a user gesture), which would let it play.
    const cdp = await page.context().newCDPSession(page);
    await page.goto(`${server.baseUrl}/${room.shortcut}`);
    await cdp.send('Runtime.evaluate', {
      expression: `new Promise((resolve) => {
        const check = () => (window.__platterSync?.status === 'blocked' ? resolve(true) : setTimeout(check, 50));
        check();
      })`,
      awaitPromise: true,
    });
    expect(audio).toEqual([]);
    const element = page.getByTestId('room-audio');
    expect(await element.evaluate((audio: HTMLAudioElement) => audio.preload)).toBe('none');
    const fetched = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith(AUDIO_PATH_PREFIX));
    await page.getByRole('button', { name: 'Click to listen' }).click();
    await fetched;
    expect(await element.evaluate((audio: HTMLAudioElement) => audio.preload)).toBe('auto');
  } finally {
    room.leave();
    await strict.close();
  }
});
