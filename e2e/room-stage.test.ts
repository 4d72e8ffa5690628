/**
 * The room page's stage and crowd in a real browser (docs/room.md, "The room
 * page"): members in the crowd open their profile over the room in either
 * renderer (WebGL through PixiJS, or the DOM), guests are counted but are not
 * links, the stage shows max_djs open spots, the favorite toggle feeds the lobby's
 * Favorites view, Share copies the room's address, the chat stands beside the
 * stage on a desktop and below it on a phone, Zoom draws the figure under the
 * pointer bigger and Animation makes an Awesome voter nod (both off in the
 * Graphics modal), and the room's code is fetched only when a room is opened.
 * Headless Chromium has no GPU and draws WebGL in software (SwiftShader): with
 * the default preferences the room draws its stage in the DOM by itself and the
 * Graphics modal says why (a phone asking for reduced motion sees a still
 * crowd); the WebGL renderer is tested on a page told its WebGL
 * is a graphics card's. With SCREENSHOTS_DIR set, the room is photographed at
 * 1280 and 375 px with WebGL on and off, and the Graphics modal's sentence.
 */
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { stageDrawingMessages } from '@platter/contract';
import { animationsSettled, launchBrowser } from './support/browser';
import { demoMemberPage } from './support/member';
import { apiGet, apiPost, joinBySocket, logIn } from './support/room-members';
import { startServer, type RunningServer } from './support/server';

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

/** A new room (nobody the seed placed is in it), made by Echo Park. */
async function aFreshRoom(name = `Stage Test ${Date.now()}`): Promise<{ roomid: string; shortcut: string }> {
  const owner = await logIn(server.baseUrl, 'echo@example.com');
  return apiPost(server.baseUrl, 'room.create', { ...owner, room_name: name, max_djs: 3 });
}

const memberPage = (email: string, options: BrowserContextOptions = {}) =>
  demoMemberPage(browser, server.baseUrl, email, options);

const crowd = (page: Page) => page.getByRole('region', { name: 'Crowd' });
const stage = (page: Page) => page.getByRole('region', { name: 'Stage' });
const renderer = (page: Page) => page.getByTestId('room-scene').getAttribute('data-renderer');

/**
 * From the next page load on, the page's WebGL names a graphics card instead of
 * SwiftShader (WEBGL_debug_renderer_info's UNMASKED_RENDERER_WEBGL), so the
 * room picks the WebGL renderer as it would on a machine with a GPU.
 */
const withGraphicsCard = (page: Page) =>
  page.context().addInitScript(() => {
    const UNMASKED_RENDERER_WEBGL = 0x9246;
    for (const context of [WebGLRenderingContext, WebGL2RenderingContext]) {
      const read = context.prototype.getParameter;
      context.prototype.getParameter = function (this: WebGLRenderingContext, name: number): unknown {
        return name === UNMASKED_RENDERER_WEBGL ? 'ANGLE (Test, Graphics Card)' : (read.call(this, name) as unknown);
      };
    }
  });

test('the stage has max_djs open spots; the crowd shows members as links and counts guests', async () => {
  const room = await aFreshRoom();
  const ada = await memberPage('ada@example.com');
  await ada.goto(`${server.baseUrl}/${room.shortcut}`);
  await crowd(ada).getByRole('link', { name: 'Ada Vinyl' }).waitFor();
  expect(await stage(ada).getByRole('button', { name: 'Open spot' }).count()).toBe(3);
  // A member steps up by taking an open spot: she stands on the stage, and the room reads it in its chat.
  await stage(ada).getByRole('button', { name: 'Open spot' }).first().click();
  await stage(ada).getByRole('link', { name: 'Ada Vinyl' }).waitFor();
  await expect.poll(() => stage(ada).getByRole('button', { name: 'Open spot' }).count()).toBe(2);
  await ada.getByRole('region', { name: 'Chat' }).getByText('Ada Vinyl stepped up to DJ').waitFor();

  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`${server.baseUrl}/${room.shortcut}`);
  await stage(guest).getByRole('link', { name: 'Ada Vinyl' }).waitFor();
  // A guest may not DJ: the open spots are shown, but cannot be taken.
  expect(await stage(guest).getByRole('button', { name: 'Open spot' }).first().isDisabled()).toBe(true);
  await expect.poll(() => ada.getByTestId('room-listeners').textContent()).toBe('2');
  // And down again.
  await ada.getByRole('button', { name: 'Step down', exact: true }).click();
  await expect.poll(() => stage(guest).getByRole('button', { name: 'Open spot' }).count()).toBe(3);
  // Two people on the floor, one link: the guest is drawn and counted, never a link.
  await expect.poll(() => crowd(ada).getByRole('link').count()).toBe(1);
  // A guest is offered no favorite toggle (favorites are members').
  expect(await guest.getByRole('button', { name: 'Favorite' }).count()).toBe(0);
  await guest.context().close();
  await ada.context().close();
});

test('a favorite toggled in the room shows in the lobby, and Share copies the address', async () => {
  const name = `Favorite Stage ${Date.now()}`;
  const room = await aFreshRoom(name);
  const ada = await memberPage('ada@example.com');
  await ada.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
  await ada.goto(`${server.baseUrl}/${room.shortcut}`);
  const favorite = ada.getByRole('button', { name: 'Favorite' });
  expect(await favorite.getAttribute('aria-pressed')).toBe('false');
  await favorite.click();
  await ada.getByRole('status').filter({ hasText: 'Added to your favorites.' }).waitFor();
  expect(await favorite.getAttribute('aria-pressed')).toBe('true');

  await ada.getByRole('button', { name: 'Share' }).click();
  const address = `${server.baseUrl}/${room.shortcut}`;
  await ada
    .getByRole('status')
    .filter({ hasText: `Link copied: ${address}` })
    .waitFor();
  expect(await ada.evaluate(() => navigator.clipboard.readText())).toBe(address);

  await ada.getByRole('link', { name: 'Back to the lobby' }).click();
  await ada.getByRole('navigation', { name: 'Room views' }).getByRole('button', { name: 'Favorites' }).click();
  await ada.locator('.room-tile').filter({ hasText: name }).waitFor();

  // And off again: the room leaves the Favorites view.
  await ada.goto(`${server.baseUrl}/${room.shortcut}`);
  await ada.getByRole('button', { name: 'Favorite', pressed: true }).click();
  await ada.getByRole('status').filter({ hasText: 'Removed from your favorites.' }).waitFor();
  await ada.getByRole('link', { name: 'Back to the lobby' }).click();
  await ada.getByRole('navigation', { name: 'Room views' }).getByRole('button', { name: 'Favorites' }).click();
  await expect.poll(() => ada.locator('.room-tile').filter({ hasText: name }).count()).toBe(0);
  await ada.context().close();
});

for (const webgl of [true, false]) {
  test(`with WebGL ${webgl ? 'on' : 'off'}, a crowd member opens their profile over the room, on a desktop and a phone`, async () => {
    const room = await aFreshRoom();
    const company = await Promise.all(
      ['basslord', 'cassette', 'dolphin', 'otter', 'heron'].map(async (who) =>
        joinBySocket(server.baseUrl, await logIn(server.baseUrl, `${who}@example.com`), room.roomid),
      ),
    );
    await apiGet(server.baseUrl, 'user.modify', {
      ...(await logIn(server.baseUrl, 'iris@example.com')),
      disable_webgl: !webgl,
    });
    for (const width of [1280, 375]) {
      const iris = await memberPage('iris@example.com', { viewport: { width, height: width > 400 ? 900 : 812 } });
      await withGraphicsCard(iris);
      const fetched: string[] = [];
      iris.on('request', (request) => fetched.push(new URL(request.url()).pathname));
      await iris.goto(`${server.baseUrl}/${room.shortcut}`);
      await crowd(iris).getByRole('link', { name: 'Funky Otter' }).waitFor();
      await expect.poll(() => renderer(iris)).toBe(webgl ? 'webgl' : 'dom');
      // PixiJS is fetched by a room drawn with WebGL, and only then.
      expect(fetched.some((file) => file.includes('renderer-pixi'))).toBe(webgl);
      expect(await crowd(iris).getByRole('link').count()).toBe(6);

      // The chat: beside the stage on a desktop, below it on a phone.
      const scene = (await iris.getByTestId('room-scene').boundingBox())!;
      const chat = (await iris.getByRole('region', { name: 'Chat' }).boundingBox())!;
      if (width > 400) expect(chat.x).toBeGreaterThanOrEqual(scene.x + scene.width);
      else expect(chat.y).toBeGreaterThanOrEqual(scene.y + scene.height);
      expect(scene.x + scene.width).toBeLessThanOrEqual(width);

      if (process.env.SCREENSHOTS_DIR) {
        await iris.waitForLoadState('networkidle');
        const file = `room-${width}-${webgl ? 'webgl' : 'dom'}.png`;
        await iris.screenshot({ path: path.join(process.env.SCREENSHOTS_DIR, file), fullPage: true });
      }

      await crowd(iris).getByRole('link', { name: 'Funky Otter' }).click();
      const dialog = iris.getByRole('dialog');
      await dialog.getByText('Funky Otter').first().waitFor();
      expect(new URL(iris.url()).pathname).toMatch(/^\/profile\/[0-9a-f]{24}$/);
      // The room stays under the profile, drawn by the same renderer.
      expect(await renderer(iris)).toBe(webgl ? 'webgl' : 'dom');
      await iris.context().close();
    }
    company.forEach((leave) => leave());
  });
}

test('with the default preferences and WebGL drawn in software, the room draws its stage in the DOM by itself, and the Graphics modal says why', async () => {
  const room = await aFreshRoom();
  const irisLogin = await logIn(server.baseUrl, 'iris@example.com');
  await apiGet(server.baseUrl, 'user.modify', {
    ...irisLogin,
    disable_webgl: false,
    disable_zoom: false,
    disable_animation: false,
  });
  for (const width of [1280, 375]) {
    // The phone asks for reduced motion: its crowd stands still, Animation on or not.
    const reducedMotion = width > 400 ? 'no-preference' : 'reduce';
    const iris = await memberPage('iris@example.com', {
      viewport: { width, height: width > 400 ? 900 : 812 },
      reducedMotion,
    });
    const fetched: string[] = [];
    iris.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await iris.goto(`${server.baseUrl}/${room.shortcut}`);
    await crowd(iris).getByRole('link', { name: 'Indie Iris' }).waitFor();
    await expect.poll(() => renderer(iris)).toBe('dom');
    // SwiftShader is known by its name before PixiJS is fetched: it never is.
    expect(fetched.some((file) => file.includes('renderer-pixi'))).toBe(false);
    expect((await figures(iris)).animations).toEqual([reducedMotion === 'reduce' ? 'none' : 'scene-bob']);

    await crowd(iris).getByRole('link', { name: 'Indie Iris' }).click();
    await iris.getByRole('dialog').getByRole('link', { name: 'Graphics settings' }).click();
    const graphics = iris.getByRole('dialog', { name: 'Graphics' });
    const webgl = graphics.getByRole('switch', { name: 'WebGL' });
    await graphics.getByText(stageDrawingMessages.software).waitFor();
    // WebGL stays on (the member's choice), and its switch is described by the sentence too.
    expect(await webgl.getAttribute('aria-checked')).toBe('true');
    const describedBy = (await webgl.getAttribute('aria-describedby'))?.split(' ') ?? [];
    const description = await iris.evaluate(
      (ids) => ids.map((id) => document.getElementById(id)?.textContent).join(' '),
      describedBy,
    );
    expect(description).toContain(stageDrawingMessages.software);
    if (process.env.SCREENSHOTS_DIR) {
      await animationsSettled(iris);
      await iris.screenshot({ path: path.join(process.env.SCREENSHOTS_DIR, `graphics-software-${width}.png`) });
    }
    await iris.context().close();
  }
});

/** The DOM renderer's figures: how many nod, and each one's running animation. */
const figures = (page: Page) =>
  page.locator('.scene-figure').evaluateAll((all) => ({
    nodding: all.filter((figure) => figure.classList.contains('is-nodding')).length,
    animations: [...new Set(all.map((figure) => getComputedStyle(figure).animationName))],
  }));
/** How much bigger the DOM renderer draws the figure under the pointer (null: none is drawn bigger). */
const hoveredScale = (page: Page) =>
  page.locator('.scene-figure.is-hovered img').evaluateAll((images) => {
    const scale = images[0] && getComputedStyle(images[0]).scale;
    return scale === undefined ? null : scale === 'none' ? 1 : Number(scale);
  });

test('Zoom draws the figure under the pointer bigger, Animation makes an Awesome voter nod; turned off, neither', async () => {
  const room = await aFreshRoom();
  const [bass, otter, irisLogin] = await Promise.all(
    ['basslord', 'otter', 'iris'].map((who) => logIn(server.baseUrl, `${who}@example.com`)),
  );
  const company = [
    await joinBySocket(server.baseUrl, bass!, room.roomid),
    await joinBySocket(server.baseUrl, otter!, room.roomid),
  ];
  // Basslord plays one of his songs; Funky Otter votes it Awesome.
  await apiPost(server.baseUrl, 'room.add_dj', { ...bass, roomid: room.roomid });
  await expect
    .poll(() =>
      apiPost(server.baseUrl, 'room.vote', { ...otter, roomid: room.roomid, val: 'up' }).then(
        () => true,
        () => false,
      ),
    )
    .toBe(true);
  await apiGet(server.baseUrl, 'user.modify', {
    ...irisLogin!,
    disable_webgl: true,
    disable_zoom: false,
    disable_animation: false,
  });
  const iris = await memberPage('iris@example.com');
  await iris.goto(`${server.baseUrl}/${room.shortcut}`);
  await expect.poll(() => renderer(iris)).toBe('dom');
  const otterInCrowd = crowd(iris).getByRole('link', { name: 'Funky Otter' });

  // Animation on: the one Awesome voter nods; everyone else bobs.
  await expect
    .poll(() => figures(iris))
    .toEqual({ nodding: 1, animations: expect.arrayContaining(['scene-nod', 'scene-bob']) });
  // Zoom on: the figure under the pointer is drawn 8 % bigger.
  await otterInCrowd.hover();
  await expect.poll(() => hoveredScale(iris)).toBe(1.08);

  // Both off, in the Graphics modal (from her own profile, over the room).
  await crowd(iris).getByRole('link', { name: 'Indie Iris' }).click();
  await iris.getByRole('dialog').getByRole('link', { name: 'Graphics settings' }).click();
  const graphics = iris.getByRole('dialog', { name: 'Graphics' });
  for (const name of ['Zoom', 'Animation']) {
    await graphics.getByRole('switch', { name }).click();
    await expect.poll(() => graphics.getByRole('switch', { name }).getAttribute('aria-checked')).toBe('false');
  }
  await expect
    .poll(
      async () =>
        (await apiGet<{ disable_zoom: boolean }>(server.baseUrl, 'user.get_prefs', { ...irisLogin! })).disable_zoom,
    )
    .toBe(true);
  // Done goes back past both to the room.
  await graphics.getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => iris.getByRole('dialog').count()).toBe(0);
  await expect.poll(() => figures(iris)).toEqual({ nodding: 0, animations: ['none'] });
  await iris.mouse.move(0, 0);
  await otterInCrowd.hover();
  // Two frames on, the hover has been drawn (or not).
  await iris.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await hoveredScale(iris)).toBeNull();
  await iris.context().close();
  company.forEach((leave) => leave());
});

test("the lobby does not fetch the room's code", async () => {
  const page = await (await browser.newContext()).newPage();
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
  await page.goto(server.baseUrl);
  await page.locator('.room-tile').first().waitFor();
  await page.waitForLoadState('networkidle');
  expect(fetched.filter((file) => /room-page|renderer-pixi/.test(file))).toEqual([]);
  await page.context().close();
});
