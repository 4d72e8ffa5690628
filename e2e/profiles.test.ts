/**
 * Profiles and fans, graphics and the welcome tour in a real browser: a
 * profile fanned, unfanned, ignored and unignored; one's own profile and its
 * edit form; the fan lists' pages and page-jump box; a report; a guest's
 * profile refused; graphics preferences that survive a reload; and the tour
 * a brand-new member sees once.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ALL_DEMO_MEMBERS, DEMO_MEMBERS } from '../packages/server/src/seed/members';
import { launchBrowser } from './support/browser';
import { DEMO_MEMBER } from './support/member';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // Many seeded members log in to become someone's fans: no attempt limits here.
  server = await startServer({ RATE_LIMIT_PER_MINUTE: '0' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Credentials {
  userid: string;
  userauth: string;
}

async function api<T>(name: string, params: Record<string, unknown> = {}, as?: Credentials): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...params, ...as }),
  });
  const [ok, body] = (await response.json()) as [boolean, T];
  if (!ok) throw new Error(`${name} failed: ${JSON.stringify(body)}`);
  return body;
}

async function apiGet<T>(name: string, params: Record<string, string>, as?: Credentials): Promise<T> {
  const query = new URLSearchParams({ ...params, ...as });
  const response = await fetch(`${server.baseUrl}/api/${name}?${query}`);
  const [ok, body] = (await response.json()) as [boolean, T];
  if (!ok) throw new Error(`${name} failed: ${JSON.stringify(body)}`);
  return body;
}

function logIn(email: string): Promise<Credentials> {
  return api<Credentials>('user.email_login', { email, password: DEMO_MEMBER.password });
}

async function idOf(name: string): Promise<string> {
  return (await apiGet<{ userid: string }>('user.get_id', { name })).userid;
}

let members = 0;

/** A brand-new member, registered the way the sign-up form does it: a guest first, then named. */
async function aNewMember(): Promise<Credentials & { name: string }> {
  members += 1;
  const name = `Newbie ${Date.now() % 100_000} ${members}`.slice(0, 20);
  const guest = await api<Credentials>('user.guest_create');
  const member = await api<Credentials>(
    'user.guest_register',
    { name, email: `newbie${Date.now()}${members}@example.com`, password: 'new-member-1', avatarid: 8 },
    guest,
  );
  return { ...member, name };
}

/** A page whose cookies are those of `who`, as /guest_login/ sets them for a session the page holds. */
async function pageAs(who: Credentials, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context: BrowserContext = await browser.newContext({ viewport });
  const page = await context.newPage();
  const remembered = await page.request.post(`${server.baseUrl}/guest_login/`, { data: who });
  expect(remembered.ok()).toBe(true);
  return page;
}

async function adaPage(): Promise<Page> {
  return pageAs(await logIn(DEMO_MEMBER.email));
}

test('a profile shows the member; Fan reads Fanned, Unfan under the pointer, and unfans', async () => {
  const otter = await idOf('Funky Otter');
  const page = await adaPage();
  await page.goto(`${server.baseUrl}/profile/${otter}`);
  const dialog = page.getByRole('dialog', { name: 'Funky Otter' });
  await dialog.waitFor();
  expect(await page.title()).toBe('Platter: Funky Otter');
  await dialog.getByText('DJ points').waitFor();
  expect(await dialog.locator('.profile__stats dd').first().textContent()).toBe('640');
  const fans = () => dialog.getByRole('link', { name: /^Fans: / }).textContent();
  const before = Number(await fans());
  expect(await dialog.getByRole('link', { name: 'Report User' }).getAttribute('href')).toBe(
    `/profile/${otter}/report?username=Funky%20Otter`,
  );
  expect(await dialog.getByText(/^Joined$/).count()).toBe(1);

  await dialog.getByRole('button', { name: 'Fan', exact: true }).click();
  // Just pressed: it says what happened, not what pressing again would do.
  await dialog.getByRole('button', { name: 'Fanned' }).waitFor();
  await expect.poll(fans).toBe(String(before + 1));

  await page.mouse.move(0, 0);
  await dialog.getByRole('button', { name: 'Fanned' }).hover();
  await dialog.getByRole('button', { name: 'Unfan' }).click();
  await dialog.getByRole('button', { name: 'Fan', exact: true }).waitFor();
  await expect.poll(fans).toBe(String(before));
  const ada = await logIn(DEMO_MEMBER.email);
  expect((await apiGet<{ fanned: boolean }>('user.get_profile_info', { profileid: otter }, ada)).fanned).toBe(false);
  await page.context().close();
});

test('a failed fan shows the server’s words; a failed unfan says so', async () => {
  const otter = await idOf('Funky Otter');
  const page = await adaPage();
  const refuse = (err: string) => ({ json: [false, { err, errcode: 'invalid' }] });
  await page.route('**/api/user.become_fan?*', (route) => route.fulfill(refuse('The fan club is closed today')));
  await page.goto(`${server.baseUrl}/profile/${otter}`);
  const dialog = page.getByRole('dialog', { name: 'Funky Otter' });
  await dialog.getByRole('button', { name: 'Fan', exact: true }).click();
  await page.getByText('The fan club is closed today.', { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Fan', exact: true }).waitFor();

  await page.unroute('**/api/user.become_fan?*');
  await dialog.getByRole('button', { name: 'Fan', exact: true }).click();
  await dialog.getByRole('button', { name: 'Fanned' }).waitFor();
  await page.route('**/api/user.remove_fan?*', (route) => route.fulfill(refuse('Database on fire')));
  await page.mouse.move(0, 0);
  await dialog.getByRole('button', { name: 'Fanned' }).hover();
  await dialog.getByRole('button', { name: 'Unfan' }).click();
  await page.getByText('Unfanning failed.', { exact: true }).waitFor();
  expect(await page.getByText('Database on fire').count()).toBe(0);
  await page.unroute('**/api/user.remove_fan?*');
  await apiGet('user.remove_fan', { djid: otter }, await logIn(DEMO_MEMBER.email));
  await page.context().close();
});

test('ignoring a fan unfans them, with the spec’s message; Unignore User undoes the ignoring', async () => {
  // Every seeded member is a fan of the next three: Smooth Vinyl, the last, is one of Ada's fans.
  const vinyl = await idOf('Smooth Vinyl');
  const page = await adaPage();
  await page.goto(`${server.baseUrl}/profile/${vinyl}`);
  const dialog = page.getByRole('dialog', { name: 'Smooth Vinyl' });
  await dialog.getByRole('button', { name: 'Ignore User' }).click();
  await page.getByText('Smooth Vinyl is no longer your fan.', { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Unignore User' }).click();
  await dialog.getByRole('button', { name: 'Ignore User' }).waitFor();
  const ada = await logIn(DEMO_MEMBER.email);
  const { blocks } = await apiGet<{ blocks: { blockedid: string }[] }>('block.list_all', {}, ada);
  expect(blocks.some((block) => block.blockedid === vinyl)).toBe(false);
  await page.context().close();
});

test('one’s own profile: Fan and Ignore are disabled, with Edit Profile and Turn Gold', async () => {
  const page = await adaPage();
  await page.goto(`${server.baseUrl}/profile`);
  const dialog = page.getByRole('dialog', { name: DEMO_MEMBER.name });
  await dialog.waitFor();
  expect(await dialog.getByRole('button', { name: 'Fan', exact: true }).isDisabled()).toBe(true);
  expect(await dialog.getByRole('button', { name: 'Ignore User' }).isDisabled()).toBe(true);
  expect(await dialog.getByRole('link', { name: 'Turn Gold' }).getAttribute('href')).toBe('/gold');
  expect(await dialog.getByRole('link', { name: 'Report User' }).count()).toBe(0);
  // Presence (spec §4): a member whose page is open and active is online.
  await expect.poll(() => dialog.locator('.presence-badge').textContent()).toBe('Online');
  await dialog.getByRole('link', { name: 'Edit Profile' }).click();
  await page.getByRole('dialog', { name: 'Edit Profile' }).waitFor();
  await page.context().close();
});

test('editing one’s profile checks as it is typed, saves, and shows the filtered words', async () => {
  const newbie = await aNewMember();
  const page = await pageAs(newbie);
  await page.goto(`${server.baseUrl}/profile/edit`);
  const form = page.getByRole('dialog', { name: 'Edit Profile' });
  await form.getByLabel('DJ name').waitFor();
  expect(await form.getByLabel('DJ name').inputValue()).toBe(newbie.name);

  await form.getByLabel('Website').fill('ada.example.com');
  await form.getByText('Please enter a full web address, like https://example.com', { exact: true }).waitFor();
  await form.getByLabel('Website').fill('https://ada.example.com');
  expect(await form.getByText('Please enter a full web address, like https://example.com').count()).toBe(0);
  await form.getByLabel('Twitter').fill('@crate_digger');
  expect(await form.getByLabel('Twitter').inputValue()).toBe('crate_digger');
  await form.getByLabel('About').fill('Crate digger :notes: mixes at https://example.com/mixes <b>not bold</b>');
  await form.getByText('71/400', { exact: true }).waitFor();
  await form.getByLabel('Favorite artists').fill('Nina Simone, Daft Punk');
  await form.getByLabel('Where I hang out').fill('Late Night Synthwave');
  await form.getByRole('button', { name: 'Save' }).click();

  const profile = page.getByRole('dialog', { name: newbie.name });
  await profile.getByRole('heading', { name: 'About' }).waitFor();
  expect(page.url()).toBe(`${server.baseUrl}/profile/${newbie.userid}`);
  await page.getByText('Your profile has been saved.', { exact: true }).waitFor();
  const about = profile.locator('.profile__section', { hasText: 'About' });
  expect(await about.textContent()).toContain('Crate digger 🎶 mixes at https://example.com/mixes <b>not bold</b>');
  expect(await about.locator('b').count()).toBe(0);
  const mixes = about.getByRole('link', { name: 'https://example.com/mixes' });
  expect(await mixes.getAttribute('rel')).toBe('nofollow noopener noreferrer');
  expect(await profile.getByRole('link', { name: /Twitter/ }).getAttribute('href')).toBe(
    'https://twitter.com/crate_digger',
  );
  expect(await profile.getByRole('link', { name: /Website/ }).getAttribute('href')).toBe('https://ada.example.com/');
  await profile.getByText('Nina Simone, Daft Punk').waitFor();
  await profile.getByText('Late Night Synthwave').waitFor();
  await page.context().close();
});

test('a new name shows in the header; a second within 7 days is refused with the server’s words', async () => {
  const newbie = await aNewMember();
  const page = await pageAs(newbie);
  await page.goto(`${server.baseUrl}/profile/edit`);
  const form = page.getByRole('dialog', { name: 'Edit Profile' });
  const renamed = `Renamed ${Date.now() % 1_000_000}`;
  await form.getByLabel('DJ name').fill('');
  await form.getByText("Your DJ name can't be blank", { exact: true }).waitFor();
  await form.getByLabel('DJ name').fill(renamed);
  await form.getByRole('button', { name: 'Save' }).click();
  const profile = page.getByRole('dialog', { name: renamed });
  await profile.waitFor();
  await profile.getByText(newbie.name, { exact: true }).waitFor(); // past names
  await page.locator('.settings__toggle', { hasText: renamed }).waitFor();

  await profile.getByRole('link', { name: 'Tell people about yourself' }).click();
  await form.getByLabel('DJ name').fill(`${renamed}x`);
  await form.getByRole('button', { name: 'Save' }).click();
  await form.getByText(/^You can only change your DJ name once every 7 days\. You can change it again on/).waitFor();
  await page.context().close();
});

test('the fan lists page through 20 at a time, with a page-jump box', async () => {
  const koala = await idOf('Koala Kruise');
  // 21 more fans for Koala Kruise, who has three already: two pages. The seed's generated
  // members come after its named ones.
  const extra = ALL_DEMO_MEMBERS.slice(DEMO_MEMBERS.length, DEMO_MEMBERS.length + 21);
  for (const { email } of extra) {
    const fan = await logIn(email);
    await apiGet('user.become_fan', { djid: koala }, fan);
  }
  const { numFans, pages } = await apiGet<{ numFans: number; pages: number }>('user.get_fan_info', {
    profileid: koala,
    page_number: '0',
  });
  expect(pages).toBe(2);

  const page = await adaPage();
  await page.goto(`${server.baseUrl}/profile/${koala}`);
  await page
    .getByRole('dialog', { name: 'Koala Kruise' })
    .getByRole('link', { name: /^Fans: / })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Fans of Koala Kruise' });
  await dialog.getByText(`${numFans} fans`, { exact: true }).waitFor();
  await dialog.getByText('Page 1 of 2', { exact: true }).waitFor();
  expect(await dialog.locator('.fan-entry').count()).toBe(20);
  expect(await dialog.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByText('Page 2 of 2', { exact: true }).waitFor();
  await expect.poll(() => dialog.locator('.fan-entry').count()).toBe(numFans - 20);

  const jump = dialog.getByLabel('Go to page');
  for (const typed of ['3', '0', 'two']) {
    await jump.fill(typed);
    await dialog.getByRole('button', { name: 'Go' }).click();
    await dialog.getByText('Please enter a number between 1 and 2', { exact: true }).waitFor();
  }
  await jump.fill('1');
  await jump.press('Enter');
  await dialog.getByText('Page 1 of 2', { exact: true }).waitFor();
  expect(await dialog.getByText('Please enter a number between 1 and 2').count()).toBe(0);

  // An entry's name opens that member's profile.
  const first = dialog.locator('.fan-entry__name').first();
  const firstName = (await first.textContent()) ?? '';
  await first.click();
  await page.getByRole('dialog', { name: firstName }).getByText('DJ points').waitFor();

  await page.goto(`${server.baseUrl}/profile/${koala}/fanned`);
  const fanned = page.getByRole('dialog', { name: 'Koala Kruise is a fan of' });
  await fanned.getByText('A fan of 3 DJs', { exact: true }).waitFor();
  expect(await fanned.locator('.fan-entry').count()).toBe(3);
  expect(await fanned.getByRole('navigation', { name: 'Pages' }).count()).toBe(0);
  await page.context().close();
});

test('a report needs a reason, says there is no chat to attach, and is sent', async () => {
  const otter = await idOf('Funky Otter');
  const page = await adaPage();
  await page.goto(`${server.baseUrl}/profile/${otter}/report?username=Funky%20Otter`);
  const dialog = page.getByRole('dialog', { name: 'Report User' });
  await dialog.getByText('Funky Otter', { exact: true }).waitFor();
  await dialog.getByText('No recent chat to attach.', { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await dialog.getByText('Please supply a detailed reason', { exact: true }).waitFor();
  await dialog.getByLabel('Reason').fill('Spamming the chat with links.');
  await dialog.getByText('29/400', { exact: true }).waitFor();
  expect(await dialog.getByLabel('Reason').getAttribute('maxlength')).toBe('400');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await page.getByText('Thanks. Your report has been sent to the moderators.', { exact: true }).waitFor();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  await page.context().close();
});

test("a guest's profile cannot be loaded, and a guest is asked to sign up before fanning", async () => {
  const guest = await api<Credentials>('user.guest_create');
  const page = await browser.newPage();
  await page.goto(`${server.baseUrl}/profile/${guest.userid}`);
  await page.getByRole('dialog').getByText("Sorry, can't load guest profiles.", { exact: true }).waitFor();

  const ada = await idOf(DEMO_MEMBER.name);
  await page.goto(`${server.baseUrl}/profile/${ada}`);
  const dialog = page.getByRole('dialog', { name: DEMO_MEMBER.name });
  await dialog.getByText(`Sign up to become a fan of ${DEMO_MEMBER.name}.`).waitFor();
  expect(await dialog.getByRole('button', { name: 'Fan', exact: true }).count()).toBe(0);
  expect(await dialog.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
  await page.close();
});

test('graphics toggles apply at once and persist across a reload', async () => {
  const newbie = await aNewMember();
  const page = await pageAs(newbie);
  await page.goto(`${server.baseUrl}/graphics`);
  const dialog = page.getByRole('dialog', { name: 'Graphics' });
  const toggle = (name: string) => dialog.getByRole('switch', { name });
  for (const name of ['Zoom', 'Animation', 'WebGL']) {
    expect(await toggle(name).getAttribute('aria-checked'), name).toBe('true');
  }
  const rootHas = (attribute: string) => page.evaluate((a) => document.documentElement.hasAttribute(a), attribute);

  await toggle('Animation').click();
  await expect.poll(() => toggle('Animation').getAttribute('aria-checked')).toBe('false');
  expect(await rootHas('data-no-animation')).toBe(true);
  await toggle('Zoom').click();
  await expect.poll(() => rootHas('data-no-zoom')).toBe(true);
  await toggle('WebGL').click();
  await expect.poll(() => rootHas('data-no-webgl')).toBe(true);
  await expect
    .poll(async () => (await apiGet<{ disable_webgl: boolean }>('user.get_prefs', {}, newbie)).disable_webgl)
    .toBe(true);

  await page.reload();
  await dialog.waitFor();
  await expect.poll(() => toggle('Animation').getAttribute('aria-checked')).toBe('false');
  expect(await toggle('Zoom').getAttribute('aria-checked')).toBe('false');
  expect(await toggle('WebGL').getAttribute('aria-checked')).toBe('false');
  expect(await rootHas('data-no-animation')).toBe(true);
  expect(await apiGet('user.get_prefs', {}, newbie)).toMatchObject({
    disable_zoom: true,
    disable_animation: true,
    disable_webgl: true,
  });

  await toggle('Animation').click();
  await expect.poll(() => rootHas('data-no-animation')).toBe(false);
  await page.reload();
  await expect.poll(() => toggle('Animation').getAttribute('aria-checked')).toBe('true');
  await page.context().close();
});

test('changing WebGL while in a room reloads to the base URL', async () => {
  const newbie = await aNewMember();
  const page = await pageAs(newbie);
  await page.goto(`${server.baseUrl}/`);
  const room = (await page.locator('.room-tile').first().getAttribute('href')) ?? '';
  expect(room).toMatch(/^\/[^/]+$/);
  await page.goto(`${server.baseUrl}${room}`);
  await page.locator('.room-page').waitFor();
  // Open the Graphics modal over the room, as a link in the room would (the background-location pattern).
  await page.evaluate((path) => {
    window.history.pushState(
      { usr: { backgroundLocation: { pathname: path, search: '', hash: '' } }, key: 'graphics', idx: 1 },
      '',
      '/graphics',
    );
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, room);
  const dialog = page.getByRole('dialog', { name: 'Graphics' });
  await dialog.getByRole('switch', { name: 'Zoom' }).click();
  await expect.poll(() => dialog.getByRole('switch', { name: 'Zoom' }).getAttribute('aria-checked')).toBe('false');
  expect(page.url()).toBe(`${server.baseUrl}/graphics`);

  await Promise.all([page.waitForURL(`${server.baseUrl}/`), dialog.getByRole('switch', { name: 'WebGL' }).click()]);
  await page.locator('.room-tile').first().waitFor();
  expect(await apiGet('user.get_prefs', {}, newbie)).toMatchObject({ disable_webgl: true, disable_zoom: true });
  await page.context().close();
});

test('the welcome tour shows a brand-new member the lobby once, by mouse or keyboard', async () => {
  const newbie = await aNewMember();
  const page = await pageAs(newbie);
  await page.goto(`${server.baseUrl}/`);
  const tour = page.getByRole('dialog', { name: `Welcome to Platter, ${newbie.name}!` });
  await tour.waitFor();
  await tour.getByText('Step 1 of 5').waitFor();
  expect(await page.locator('.tour__spotlight').count()).toBe(0);
  // Focus is in the card, and Tab goes round its buttons only.
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Next');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('.tour__card') !== null)).toBe(true);
  await tour.getByRole('button', { name: 'Next' }).focus();

  const steps = [
    ['Rooms playing now', '.room-list'],
    ['Start your own room', '.topbar__actions a[href="/create-room"]'],
    ['Find your friends', '.friends'],
    ['You, your avatar and your laptop', '.settings__toggle'],
  ] as const;
  for (const [title, target] of steps) {
    await page.getByRole('button', { name: 'Next' }).click();
    const step = page.getByRole('dialog', { name: title });
    await step.waitFor();
    // The spotlight is on the part the step is about.
    await expect
      .poll(async () => {
        const spot = await page.locator('.tour__spotlight').boundingBox();
        const part = await page.locator(target).first().boundingBox();
        if (!spot || !part) return false;
        return (
          spot.x <= part.x + 1 && spot.y <= Math.max(part.y, 0) + 1 && spot.x + spot.width >= part.x + part.width - 1
        );
      })
      .toBe(true);
  }
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('dialog', { name: 'Find your friends' }).waitFor();
  await page.keyboard.press('ArrowRight');
  const last = page.getByRole('dialog', { name: 'You, your avatar and your laptop' });
  await last.waitFor();
  expect(await last.getByRole('button', { name: 'Skip tour' }).count()).toBe(0);
  await last.getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => page.locator('.tour').count()).toBe(0);
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'welcome')).toBe(true);

  // Once only.
  await page.reload();
  await page.locator('.room-tile').first().waitFor();
  await page.waitForTimeout(500);
  expect(await page.locator('.tour').count()).toBe(0);

  // Asked for again from one's own profile; Escape skips it.
  await page.goto(`${server.baseUrl}/profile`);
  await page.getByRole('dialog', { name: newbie.name }).getByRole('link', { name: 'Take the welcome tour' }).click();
  await tour.waitFor();
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('.tour').count()).toBe(0);
  expect(page.url()).toBe(`${server.baseUrl}/`);
  await page.context().close();
});

test('a member with points or fans is not shown the tour', async () => {
  const page = await adaPage();
  await page.goto(`${server.baseUrl}/`);
  await page.locator('.room-tile').first().waitFor();
  await page.waitForTimeout(500);
  expect(await page.locator('.tour').count()).toBe(0);
  await page.context().close();
});
