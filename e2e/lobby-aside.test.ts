/**
 * The lobby's right column and the page furniture around it: the friends
 * panel (for a guest and for a seeded member), the news box, the members'
 * panel, the app box, the headband, the footer's pages, the web app manifest,
 * presence and the polling rates, and a framed page that makes no calls.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PROTOCOL_VERSION, roomMusicMessages } from '@platter/contract';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
const SOCIAL_LINKS = 'Mastodon=https://social.example.org/@night,Forum=https://forum.example.org/c/night';
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ SOCIAL_LINKS });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const MINUTE = 60_000;

async function api<T>(name: string, params: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api/${name}?${new URLSearchParams(params)}`);
  const [ok, body] = (await response.json()) as [boolean, T];
  if (!ok) throw new Error(`${name} failed: ${JSON.stringify(body)}`);
  return body;
}

async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}

/** A page signed in as the seeded member Ada, the way the login form does it. */
async function adaPage(context?: BrowserContext): Promise<Page> {
  const page = await (context ?? (await browser.newContext())).newPage();
  const login = await page.request.post(`${server.baseUrl}/email_login/`, {
    data: { email: 'ada@example.com', password: 'platter-demo' },
  });
  expect(login.ok()).toBe(true);
  return page;
}

async function adaCredentials(page: Page): Promise<{ userid: string; userauth: string }> {
  const userid = await cookie(page.context(), 'platterUserId');
  const userauth = await cookie(page.context(), 'platterUserAuth');
  if (!userid || !userauth) throw new Error('Ada is not signed in');
  return { userid, userauth };
}

interface GraphRoom {
  roomid: string;
  shortcut: string;
  name: string;
}
type Graph = { rooms: [GraphRoom, { name: string; userid: string }[]][] };

test('a guest is invited to sign up, and has no friends online', async () => {
  const page = await browser.newPage();
  const graphCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/room.directory_graph')) graphCalls.push(request.url());
  });
  await page.goto(`${server.baseUrl}/`);

  const invitation = page.getByRole('region', { name: 'Take a turn at the decks' });
  await invitation.waitFor();
  expect(await invitation.getByRole('link', { name: 'Join Platter' }).getAttribute('href')).toBe('/signup');
  expect(await invitation.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');

  const friends = page.getByRole('region', { name: 'Friends' });
  await friends.getByText('No Friends are online.', { exact: true }).waitFor();

  // The invitation opens the sign-up modal over the lobby.
  await invitation.getByRole('link', { name: 'Join Platter' }).click();
  await page.getByRole('dialog').waitFor();
  await expect.poll(() => page.url()).toBe(`${server.baseUrl}/signup`);

  // A guest has no buddies, so the page never asks for them.
  expect(graphCalls).toEqual([]);
  await page.close();
});

test('a member sees the rooms their buddies are in, with their icons in rows of five', async () => {
  const page = await adaPage();
  const sockets: string[] = [];
  page.on('websocket', (socket) => {
    sockets.push(socket.url());
    socket.on('framesent', (frame) => sockets.push(`sent ${String(frame.payload)}`));
    socket.on('framereceived', (frame) => sockets.push(`received ${String(frame.payload).slice(0, 40)}`));
  });
  await page.goto(`${server.baseUrl}/`);
  const credentials = await adaCredentials(page);
  const graph = await api<Graph>('room.directory_graph', credentials);
  expect(graph.rooms.length).toBeGreaterThan(0);

  const friends = page.getByRole('region', { name: /^Friends/ });
  const rooms = friends.locator('.friend-room');
  await expect.poll(() => rooms.count()).toBe(graph.rooms.length);

  // The server's order, each room linked at /{shortcut or roomid}, each buddy's icon named and linked to a profile.
  for (const [index, [room, buddies]] of graph.rooms.entries()) {
    const tile = rooms.nth(index);
    const link = tile.getByRole('link', { name: room.name, exact: true });
    expect(await link.getAttribute('href')).toBe(`/${room.shortcut || room.roomid}`);
    const icons = tile.getByRole('list', { name: `Friends in ${room.name}` }).getByRole('link');
    expect(await icons.count()).toBe(buddies.length);
    for (const [i, buddy] of buddies.entries()) {
      expect(await icons.nth(i).getAttribute('title')).toBe(buddy.name);
      expect(await icons.nth(i).getAttribute('aria-label')).toBe(buddy.name);
      expect(await icons.nth(i).getAttribute('href')).toBe(`/profile/${buddy.userid}`);
    }
  }
  const columns = await friends
    .locator('.buddy-grid')
    .first()
    .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
  expect(columns).toBe(5);

  // The socket said hello with the protocol version and was welcomed.
  await expect.poll(() => sockets.some((line) => line.startsWith('received {"type":"welcome"'))).toBe(true);
  expect(sockets[0]).toBe(`${server.baseUrl.replace('http', 'ws')}/socket`);
  expect(sockets.some((line) => line.startsWith(`sent {"type":"hello","version":${PROTOCOL_VERSION}`))).toBe(true);
  // The panel follows the graph over it (docs/realtime.md), answered by msgid.
  await expect
    .poll(() =>
      sockets.some((line) => /^sent \{"type":"call","msgid":\d+,"call":"room.follow_directory_graph"/.test(line)),
    )
    .toBe(true);
  await expect.poll(() => sockets.some((line) => line.startsWith('received {"type":"reply"'))).toBe(true);

  // Picking a room is a full page load of its address.
  const [first] = graph.rooms[0] ?? [];
  if (!first) throw new Error('no room');
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
  await rooms.first().getByRole('link', { name: first.name, exact: true }).click();
  await expect.poll(() => page.url()).toBe(`${server.baseUrl}/${first.shortcut || first.roomid}`);
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(false);
  await page.context().close();
});

test('a directory_graph event on the socket changes the friends panel at once', async () => {
  const context = await browser.newContext();
  const page = await adaPage(context);
  // Stand in for the server's end of the socket, to send the page a graph when the test says.
  let sendToPage: ((message: unknown) => void) | null = null;
  await page.routeWebSocket(/\/socket$/, (socket) => {
    socket.onMessage((data) => {
      const message = JSON.parse(String(data)) as { type: string; userid?: string };
      // Calls are left unanswered: this stand-in only pushes events.
      if (message.type === 'hello') {
        socket.send(
          JSON.stringify({ type: 'welcome', version: PROTOCOL_VERSION, userid: message.userid, now: Date.now() }),
        );
        sendToPage = (reply) => socket.send(typeof reply === 'string' ? reply : JSON.stringify(reply));
      }
    });
  });
  const graphCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/room.directory_graph')) graphCalls.push(request.url());
  });
  await page.goto(`${server.baseUrl}/`);
  const friends = page.getByRole('region', { name: /^Friends/ });
  await friends.locator('.friend-room').first().waitFor();
  await expect.poll(() => sendToPage !== null).toBe(true);
  const callsBefore = graphCalls.length;

  const room = {
    roomid: '0123456789abcdef01234567',
    shortcut: 'late-night-radio',
    name: 'Late Night Radio',
    description: null,
    theme: null,
    created: Date.now(),
    metadata: { max_djs: 5, djcount: 1, listeners: 7, featured: false, djthreshold: 0, current_song: null },
  };
  const buddies = Array.from({ length: 7 }, (_, i) => ({
    name: `Night Owl ${i + 1}`,
    userid: `00000000000000000000000${i}`,
    type: 'fanned',
    icon: '/roommanager_assets/avatars/8/headfront.png',
    subscription_level: 0,
  }));
  // Something the page does not understand is skipped; the valid graph replaces the list.
  const graphEvent = (rooms: unknown) => ({
    type: 'event',
    channel: 'directory',
    event: { command: 'directory_graph', rooms },
  });
  sendToPage!(JSON.stringify(graphEvent('not a list')));
  sendToPage!(graphEvent([[room, buddies]]));

  await friends.getByRole('link', { name: 'Late Night Radio', exact: true }).waitFor();
  await expect.poll(() => friends.locator('.friend-room').count()).toBe(1);
  expect(await friends.getByRole('link', { name: 'Late Night Radio' }).getAttribute('href')).toBe('/late-night-radio');
  // Seven buddies: a row of five and a row of two.
  const icons = friends.getByRole('list', { name: 'Friends in Late Night Radio' }).getByRole('link');
  expect(await icons.count()).toBe(7);
  const rows = await icons.evaluateAll((links) => new Set(links.map((link) => link.getBoundingClientRect().top)).size);
  expect(rows).toBe(2);
  expect(graphCalls.length).toBe(callsBefore);
  await friends.getByText(roomMusicMessages.nothingPlaying, { exact: true }).waitFor();

  // The room's song changes: its cover, artist and song show in the panel.
  const cover = '/roommanager_assets/avatars/8/headfront.png';
  const playing = { coverart: cover, artist: 'Miles Davis', song: 'Blue in Green', played: Date.now() };
  sendToPage!(graphEvent([[{ ...room, metadata: { ...room.metadata, current_song: playing } }, buddies]]));
  const song = friends.locator('.friend-room__song');
  await song.getByText('Miles Davis – Blue in Green').waitFor();
  expect(await song.locator('img.friend-room__cover').getAttribute('src')).toBe(cover);
  await expect.poll(() => song.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // An empty graph: nobody is online.
  sendToPage!(graphEvent([]));
  await friends.getByText('No Friends are online.', { exact: true }).waitFor();
  await context.close();
});

test("a member's card shows their name, points and fans, with their profile, avatar and a new room a click away", async () => {
  const page = await adaPage();
  await page.goto(`${server.baseUrl}/`);
  const { userid, userauth } = await adaCredentials(page);
  const me = await api<{ name: string; points: number; fans: number }>('user.info', { userid, userauth });

  const card = page.locator('.member-card');
  await card.waitFor();
  expect(await card.getByRole('link', { name: me.name }).getAttribute('href')).toBe(`/profile/${userid}`);
  const stats = await card.locator('dl').innerText();
  expect(stats).toContain(me.points.toLocaleString('en-US'));
  expect(stats).toContain('DJ points');
  expect(stats).toContain(String(me.fans));
  expect(stats).toContain('Fans');
  expect(await card.getByRole('link', { name: 'Change Avatar' }).getAttribute('href')).toBe('/profile/avatar');
  await card.getByRole('link', { name: 'Create a room' }).click();
  await page.getByRole('dialog').waitFor();
  await expect.poll(() => page.url()).toBe(`${server.baseUrl}/create-room`);
  await page.context().close();
});

test("the demo's news points at this site's own FAQ, and the link works", async () => {
  const news = await api<{ content: string }>('newsbox.get_news');
  expect(news.content).not.toMatch(/https?:\/\//);
  const page = await browser.newPage();
  await page.goto(`${server.baseUrl}/`);
  const box = page.getByRole('region', { name: /^News/ });
  await box.locator('.news__text').waitFor();
  await box.getByRole('link', { name: '/static/faq.html' }).click();
  await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
  await page.close();
});

test('news staff write shows as text, line breaks kept, with links to other sites opening apart', async () => {
  // The operator makes Ada staff as docs say (npm run make-staff), on the server's own database.
  execFileSync(process.execPath, ['--import', 'tsx', 'packages/server/src/cli/make-staff.ts', 'ada@example.com'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' },
  });
  const page = await adaPage();
  const content =
    'Tonight: the Night Drive marathon.\n\nThe line-up is at https://example.org/night-drive and /static/faq.html.';
  // The access level is cached for a few seconds (make-staff says so).
  await expect
    .poll(
      async () => {
        const response = await page.request.post(`${server.baseUrl}/api/newsbox.set_news`, {
          data: { ...(await adaCredentials(page)), content },
        });
        return ((await response.json()) as [boolean])[0];
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await page.goto(`${server.baseUrl}/`);
  const box = page.getByRole('region', { name: /^News/ });
  const text = box.locator('.news__text');
  await text.getByText('Tonight: the Night Drive marathon.').waitFor();
  expect((await text.innerText()).trim()).toBe(content);
  const external = box.getByRole('link', { name: 'https://example.org/night-drive' });
  expect(await external.getAttribute('href')).toBe('https://example.org/night-drive');
  expect(await external.getAttribute('target')).toBe('_blank');
  expect(await external.getAttribute('rel')).toBe('nofollow noopener noreferrer');
  await box.getByRole('link', { name: '/static/faq.html' }).click();
  await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
  await page.context().close();
});

test('the headband shows in its colour, and once closed stays hidden for 21 days', async () => {
  const { headbands } = await api<{ headbands: { id: string; color: string; content: string }[] }>(
    'headband.get_headbands',
  );
  const band = headbands[0];
  if (!band) throw new Error('the seed has a headband');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/`);

  const bar = page.getByRole('region', { name: 'Announcement' });
  await bar.getByText(band.content.slice(0, 30)).waitFor();
  expect(await bar.getAttribute('class')).toContain(`headband--${band.color}`);

  await bar.getByRole('button', { name: 'Hide this announcement' }).click();
  await expect.poll(() => bar.count()).toBe(0);
  const hidden = (await context.cookies()).find((c) => c.name === `setting_headband_${band.id}`);
  expect(hidden?.value).toBe('1');
  const days = ((hidden?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(20.9);
  expect(days).toBeLessThan(21.1);

  await page.reload();
  await page.getByRole('region', { name: /^News/ }).locator('.news__text').waitFor();
  expect(await bar.count()).toBe(0);
  await context.close();
});

test('the footer leads to real pages: About, Terms, Privacy, Copyright and the FAQ', async () => {
  const page = await browser.newPage();
  const pages = [
    { link: 'About', url: '/about', heading: 'About Platter', title: 'Platter: About' },
    { link: 'Terms of Service', url: '/terms/', heading: 'Terms of Service', title: 'Platter: Terms of Service' },
    { link: 'Privacy Policy', url: '/privacy/', heading: 'Privacy Policy', title: 'Platter: Privacy Policy' },
    { link: 'Copyright', url: '/copyright/', heading: 'Copyright', title: 'Platter: Copyright' },
    {
      link: 'FAQ',
      url: '/static/faq.html',
      heading: 'Frequently asked questions',
      title: 'Platter: Frequently asked questions',
    },
  ];
  for (const target of pages) {
    await page.goto(`${server.baseUrl}/`);
    const footer = page.locator('.site-footer').first();
    await footer.getByRole('link', { name: target.link, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: target.heading }).waitFor();
    expect(page.url()).toBe(`${server.baseUrl}${target.url}`);
    expect(await page.title()).toBe(target.title);
  }

  // Loaded directly, with or without the trailing slash; Contact is the About page's section.
  for (const url of ['/about/', '/terms', '/privacy', '/copyright']) {
    await page.goto(`${server.baseUrl}${url}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText("We couldn't find that page.").count(), url).toBe(0);
  }
  await page.goto(`${server.baseUrl}/about#contact`);
  await page.getByRole('heading', { level: 2, name: 'Contact' }).waitFor();

  // The community's pages elsewhere (SOCIAL_LINKS) open in a new tab.
  await page.goto(`${server.baseUrl}/`);
  const social = page.getByRole('list', { name: 'Platter elsewhere' }).getByRole('link');
  await social.first().waitFor();
  expect(await social.allTextContents()).toEqual(['Mastodon', 'Forum']);
  for (const link of await social.all()) {
    expect(await link.getAttribute('href')).toMatch(/^https:\/\/(social|forum)\.example\.org\//);
    expect(await link.getAttribute('target')).toBe('_blank');
  }
  await page.close();
});

test('the web app manifest is linked and served, and its icons load', async () => {
  const html = await (await fetch(`${server.baseUrl}/`)).text();
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png"');

  const response = await fetch(`${server.baseUrl}/manifest.webmanifest`);
  expect(response.status).toBe(200);
  const manifest = (await response.json()) as {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Platter', start_url: '/', display: 'standalone' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
  expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);

  // Each icon is a PNG of the size the manifest says, and the browser can draw it.
  const page = await browser.newPage();
  await page.goto(`${server.baseUrl}/`);
  for (const icon of [...pngs, { src: '/icons/apple-touch-icon.png', sizes: '180x180' }]) {
    const image = await fetch(`${server.baseUrl}${icon.src}`);
    expect(image.status, icon.src).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes);
    const drawn = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return `${img.naturalWidth}x${img.naturalHeight}`;
    }, icon.src);
    expect(drawn).toBe(icon.sizes);
  }
  await page.close();
});

test("the app box offers the browser's install prompt, and explains the way where there is none", async () => {
  const page = await browser.newPage();
  await page.goto(`${server.baseUrl}/`);
  const box = page.getByRole('region', { name: 'Platter on your phone' });
  await box.getByText('How to install').click();
  await box.getByText('address bar').waitFor();

  // Chromium's offer, as it fires it when the page is installable.
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => Object.assign(window, { installPromptShown: true }),
      userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
    });
    window.dispatchEvent(offer);
  });
  await box.getByRole('button', { name: 'Install Platter' }).click();
  await box.getByRole('status').getByText('Installed!').waitFor();
  expect(await page.evaluate(() => 'installPromptShown' in window)).toBe(true);
  await page.close();
});

test('presence: idle after five quiet minutes; by polling alone, friends every 60 s while active and 600 s while idle', async () => {
  const context = await browser.newContext();
  const page = await adaPage(context);
  await page.clock.install();
  // No socket: the panel must keep itself right by polling (and a snapshot on the socket would refresh it unasked).
  let socketsRefused = 0;
  await page.routeWebSocket(/\/socket$/, (socket) => {
    socketsRefused += 1;
    socket.close();
  });
  const graphCalls: number[] = [];
  const presence: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.url().includes('/api/room.directory_graph')) graphCalls.push(Date.now());
  });
  page.on('request', (request) => {
    if (request.url().includes('/api/presence.update')) {
      presence.push((JSON.parse(request.postData() ?? '{}') as { status: string }).status);
    }
  });
  await page.goto(`${server.baseUrl}/`);
  await page.locator('.friend-room').first().waitFor();
  await expect.poll(() => presence).toEqual(['available']);

  // Active: one call a minute. Minute by minute, each call answered before the next is due:
  // a call due while another is in flight shares it.
  graphCalls.length = 0;
  for (let minute = 1; minute <= 3; minute++) {
    await page.clock.runFor(MINUTE);
    await expect.poll(() => graphCalls.length).toBe(minute);
    await page.waitForTimeout(300);
  }

  // Five quiet minutes in all: away, and the friends are polled every ten minutes from then on.
  await page.clock.runFor(2 * MINUTE + 1000);
  await expect.poll(() => presence).toEqual(['available', 'away']);
  await page.waitForTimeout(300);
  graphCalls.length = 0;
  await page.clock.runFor(9 * MINUTE);
  expect(graphCalls.length).toBe(0);
  await page.clock.runFor(MINUTE + 1000);
  await expect.poll(() => graphCalls.length).toBe(1);

  // A sign of life: available again, and a stale list is fetched at once.
  graphCalls.length = 0;
  await page.clock.runFor(2 * MINUTE);
  await page.mouse.move(200, 200);
  await page.mouse.move(220, 240);
  await expect.poll(() => presence).toEqual(['available', 'away', 'available']);
  await expect.poll(() => graphCalls.length).toBe(1);
  expect(socketsRefused).toBeGreaterThan(0);
  await context.close();
});

test('a framed lobby makes no API calls and opens no socket', async () => {
  // bypassCSP: the framing page below is one of ours, whose policy would refuse the frame.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/') || request.url().includes('_login')) calls.push(request.url());
  });
  page.on('websocket', (socket) => calls.push(socket.url()));
  // Another site framing the lobby: another origin (localhost, not 127.0.0.1), on this machine so that
  // Chromium's local network checks let it frame a local address.
  await page.goto(`${server.baseUrl.replace('127.0.0.1', 'localhost')}/static/faq.html`);
  await page.evaluate((src) => {
    const frame = Object.assign(document.createElement('iframe'), { src, width: 1200, height: 800 });
    document.body.replaceChildren(frame);
  }, `${server.baseUrl}/`);
  const frame = page.frameLocator('iframe');
  await frame.locator('.site-footer').waitFor();
  await frame.getByText('No Friends are online.').waitFor();
  await page.waitForTimeout(1500);
  expect(calls).toEqual([]);
  await context.close();
});
