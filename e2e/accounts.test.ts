/**
 * A person's account, end to end in a real browser, with the mails caught by
 * a real SMTP server (spec §2 Registration, Account screen, Forgot-password,
 * Contact Settings, Ignore; §4 Email, Registration, Logout, Ignore list; §8).
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  accountMessages,
  CONTACT_PREFS,
  contactPrefLabel,
  messages,
  PASSWORD_MASK,
  signupMessages,
  socialStepMessages,
} from '@platter/contract';
import { launchBrowser } from './support/browser';
import { linkWith, startMailCatcher, type MailCatcher } from './support/mail-catcher';
import { DEMO_MEMBER, logInAsDemoMember } from './support/member';
import { startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let mail: MailCatcher;

beforeAll(async () => {
  mail = await startMailCatcher();
  // Many sign-ins from one address in a minute: the journeys are not an attack.
  server = await startServer({ SMTP_URL: mail.url, RATE_LIMIT_PER_MINUTE: '500' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mail?.stop();
});

const VERIFY_SUBJECT = /^Confirm your email/;
const RESET_SUBJECT = /^Reset your .* password/;

async function cookie(page: Page, name: string): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === name)?.value;
}

/** Waits for an alert with this text and returns its exact words (whitespace included). */
async function alertSaying(page: Page, text: string): Promise<string | null> {
  const alert = page.locator('.alert span').filter({ hasText: text.replace(/\s+/g, ' ').slice(0, 40) });
  await alert.first().waitFor();
  return alert.first().textContent();
}

/** The same address on the server under test (mails name PUBLIC_URL, which is localhost). */
function onServer(link: URL): string {
  return `${server.baseUrl}${link.pathname}${link.search}`;
}

function settingsButton(page: Page, name: string) {
  return page.getByRole('button', { name: new RegExp(name) });
}

async function openSettingsItem(page: Page, name: string, item: string) {
  await settingsButton(page, name).click();
  await page.getByRole('menu', { name: 'Settings' }).getByRole('menuitem', { name: item }).click();
}

test('a guest signs up, verifies, changes email and password, resets a forgotten password and logs in', async () => {
  const context = await browser.newContext();
  // The welcome tour greets every new member; this journey is about the account, so it has "seen" it.
  await context.addCookies([{ name: 'welcome', value: '1', url: server.baseUrl }]);
  const page = await context.newPage();
  const name = `Tester ${Date.now() % 100_000}`;
  const firstEmail = `newbie${Date.now()}@example.com`;
  const secondEmail = `renamed${Date.now()}@example.com`;

  // A guest, who opens sign-up from the header.
  await page.goto(`${server.baseUrl}/`);
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign up' }).click();
  const signup = page.getByRole('dialog', { name: 'Sign up for Platter' });
  await signup.getByText("It looks like you're not a member yet. Choose an avatar and DJ name!").waitFor();
  await expect.poll(() => page.title()).toBe('Platter: Sign Up');
  const guestId = await cookie(page, 'platterUserId');
  expect(guestId).toMatch(/^[0-9a-f]{24}$/);

  // Six avatars, the first (8) chosen; a suggested name that a refresh replaces.
  const avatars = signup.getByRole('radio');
  expect(await avatars.count()).toBe(6);
  expect(await avatars.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual([
    '8',
    '4',
    '34',
    '1',
    '7',
    '5',
  ]);
  expect(await avatars.first().isChecked()).toBe(true);
  const nameBox = signup.getByLabel('DJ name', { exact: true });
  await expect.poll(() => nameBox.inputValue()).not.toBe('');
  const refreshed = page.waitForResponse((r) => r.url().includes('/api/user.suggest_name'));
  await signup.getByRole('button', { name: 'Suggest another name' }).click();
  await refreshed;
  await expect.poll(() => nameBox.inputValue()).not.toBe('');
  expect(await signup.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');

  // The rules as one types; the server's check before going on.
  await nameBox.fill('DJ  Spaces');
  await signup.getByText(messages.nameAdjacentSpaces).waitFor();
  await nameBox.fill('x'.repeat(21));
  await signup.getByText(messages.nameTooLong).waitFor();
  await nameBox.fill('Basslord');
  await signup.getByRole('button', { name: 'Sign up' }).click();
  await signup.getByText(messages.nameTaken).waitFor();
  await nameBox.fill(name);
  await signup.locator('label', { has: page.locator('input[value="34"]') }).click();
  expect(await signup.locator('input[value="34"]').isChecked()).toBe(true);
  await signup.getByRole('button', { name: 'Sign up' }).click();

  // The complete-registration step: the chosen avatar with 'Change', the name, email and a new password.
  await expect.poll(() => page.url()).toBe(`${server.baseUrl}/signup/email`);
  const complete = page.getByRole('dialog', { name: 'Sign up for Platter' });
  expect(await complete.getByRole('link', { name: 'Change' }).getAttribute('href')).toBe('/signup');
  expect(await complete.getByLabel('DJ name', { exact: true }).inputValue()).toBe(name);
  await complete.getByLabel('Email', { exact: true }).fill('not an email');
  await complete.getByLabel('New password', { exact: true }).fill('abc');
  await complete.getByRole('button', { name: 'Sign up' }).click();
  await complete.getByText(messages.emailInvalid).waitFor();
  await complete.getByText(messages.passwordTooShort).waitFor();
  await complete.getByLabel('Email', { exact: true }).fill(firstEmail);
  await complete.getByLabel('New password', { exact: true }).fill('first-secret');
  await complete.getByLabel('Confirm password', { exact: true }).fill('first-secreT');
  await complete.getByRole('button', { name: 'Sign up' }).click();
  await complete.getByText(messages.passwordsMustMatch).waitFor();
  await complete.getByLabel('Confirm password', { exact: true }).fill('first-secret');

  // An address that has an account is no refusal here (e2e/signup-mail: it reads as any sign-up).
  await complete.getByLabel('Email', { exact: true }).fill(firstEmail);
  const registered = page.waitForRequest((r) => r.url().endsWith('/api/user.guest_register'));
  let registrations = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/user.guest_register')) registrations += 1;
  });
  // A double click signs up once (it sent two registrations, and two confirmation mails).
  await complete.getByRole('button', { name: 'Sign up' }).dblclick();
  const sent = (await registered).postDataJSON() as Record<string, unknown>;
  expect(sent).toMatchObject({ name, email: firstEmail, avatarid: 34 });
  expect(sent.fingerprint).toMatch(/^[0-9a-f]{14}$/);

  // The social step; "No thanks" goes home, a member with the guest's id.
  const social = page.getByRole('dialog', { name: 'Platter is awesome with friends!' });
  await social.waitFor();
  expect(registrations).toBe(1);
  await social.getByRole('status').getByText(signupMessages.checkMail(firstEmail)).waitFor();
  // This server is set up for no social network: nothing to connect, and it says so (e2e/social
  // shows the buttons of a server that is).
  await social.getByText(socialStepMessages.noneSetUp).waitFor();
  expect(await social.getByRole('link', { name: /^Connect with/ }).count()).toBe(0);
  await social.getByRole('link', { name: "No thanks, I'll do it later" }).click();
  await expect.poll(() => page.url()).toBe(`${server.baseUrl}/`);
  await settingsButton(page, name).waitFor();
  await expect.poll(() => cookie(page, 'platterUserNamed')).toBe('1');
  expect(await cookie(page, 'platterUserId')).toBe(guestId);

  // The new address waits for its link.
  await openSettingsItem(page, name, 'Manage Account');
  const accounts = page.getByRole('dialog', { name: 'Manage Accounts' });
  await accounts.getByText(firstEmail).waitFor();
  await accounts.getByText('unverified', { exact: true }).waitFor();
  await accounts.getByRole('button', { name: 'Close' }).click();

  const firstVerify = linkWith(await mail.waitFor(firstEmail, VERIFY_SUBJECT), 'verify_token');
  expect(firstVerify.origin).toMatch(/^http:\/\/localhost:\d+$/);
  await page.goto(onServer(firstVerify));
  expect(await alertSaying(page, accountMessages.emailSaved)).toBe(accountMessages.emailSaved);
  await expect.poll(() => page.url()).toBe(`${server.baseUrl}/`);

  // Manage Accounts: the verified email and the masked password.
  await openSettingsItem(page, name, 'Manage Account');
  await expect.poll(() => page.title()).toBe('Platter: Manage Accounts');
  await accounts.getByText(firstEmail).waitFor();
  expect(await accounts.getByText('unverified', { exact: true }).count()).toBe(0);
  expect(await accounts.getByText(PASSWORD_MASK, { exact: true }).count()).toBe(1);
  for (const link of ['change email', 'change password', 'forgot password?']) {
    await accounts.getByRole('button', { name: link, exact: true }).waitFor();
  }

  // Change email: a wrong password is refused; the right one sends a link to the new address.
  await accounts.getByRole('button', { name: 'change email', exact: true }).click();
  await accounts.getByLabel('New email', { exact: true }).fill(secondEmail);
  await accounts.getByLabel('Password', { exact: true }).fill('wrong-secret');
  await accounts.getByRole('button', { name: 'Save' }).click();
  await accounts.getByText(accountMessages.wrongPassword).waitFor();
  await accounts.getByLabel('Password', { exact: true }).fill('first-secret');
  await accounts.getByRole('button', { name: 'Save' }).click();
  await alertSaying(page, `We sent a link to ${secondEmail}`);
  await accounts.getByText(secondEmail).waitFor();
  await accounts.getByRole('button', { name: 'resend email' }).click();
  await alertSaying(page, `We sent a new verification link to ${secondEmail}`);
  await mail.waitFor(secondEmail, VERIFY_SUBJECT, { skip: 1 });
  await accounts.getByRole('button', { name: 'Close' }).click();

  // The newest link verifies; the first one is used up and shows the link-expired modal.
  const secondVerify = linkWith(await mail.waitFor(secondEmail, VERIFY_SUBJECT, { skip: 1 }), 'verify_token');
  await page.goto(onServer(secondVerify));
  await alertSaying(page, accountMessages.emailSaved);
  await page.goto(onServer(firstVerify));
  const expired = page.getByRole('dialog', { name: 'This link has expired' });
  await expired.getByText(accountMessages.linkExpired).waitFor();
  await expect.poll(() => page.url()).toBe(`${server.baseUrl}/`);
  await expired.getByRole('button', { name: 'Close', exact: true }).first().click();
  await expect.poll(() => expired.count()).toBe(0);

  // Change password, after which the new email shows.
  await openSettingsItem(page, name, 'Manage Account');
  await accounts.getByText(secondEmail).waitFor();
  await accounts.getByRole('button', { name: 'change password' }).click();
  // A wrong old password is refused; the next try's own problem replaces that refusal.
  await accounts.getByLabel('Old password', { exact: true }).fill('not-the-secret');
  await accounts.getByLabel('New password', { exact: true }).fill('second-secret');
  await accounts.getByLabel('Confirm new password', { exact: true }).fill('second-secret');
  await accounts.getByRole('button', { name: 'Save' }).click();
  await accounts.getByText(accountMessages.wrongPassword).waitFor();
  await accounts.getByLabel('Old password', { exact: true }).fill('first-secret');
  await accounts.getByLabel('Confirm new password', { exact: true }).fill('second-secreT');
  await accounts.getByRole('button', { name: 'Save' }).click();
  await accounts.getByText(messages.passwordsMustMatch).waitFor();
  expect(await accounts.getByText(accountMessages.wrongPassword).count()).toBe(0);
  await accounts.getByLabel('Confirm new password', { exact: true }).fill('second-secret');
  await accounts.getByRole('button', { name: 'Save' }).click();
  expect(await alertSaying(page, accountMessages.passwordSaved)).toBe(accountMessages.passwordSaved);
  await accounts.getByRole('button', { name: 'change password' }).waitFor();

  // Forgot password? from Manage Accounts: the confirmation names the address.
  await accounts.getByRole('button', { name: 'forgot password?' }).click();
  await accounts.getByText(`Click Send and we'll email a password reset link to ${secondEmail}`).waitFor();
  await accounts.getByRole('button', { name: 'Cancel' }).click();
  await accounts.getByRole('button', { name: 'change email', exact: true }).waitFor();
  await accounts.getByRole('button', { name: 'Close' }).click();

  // Log out, then forget the password from the login modal.
  await openSettingsItem(page, name, 'Logout');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log in' }).click();
  await page
    .getByRole('dialog', { name: 'Sign in to Platter' })
    .getByRole('link', { name: 'Forgot your password?' })
    .click();
  const forgot = page.getByRole('dialog', { name: 'Forgot your password?' });
  await forgot.getByText("We'll send you an email to reset it.").waitFor();
  await expect.poll(() => page.url()).toBe(`${server.baseUrl}/reset-password`);
  await forgot.getByLabel('Email', { exact: true }).fill(secondEmail);
  let resets = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/user.forgot_password')) resets += 1;
  });
  // A double click sends one reset mail.
  await forgot.getByRole('button', { name: 'Send email' }).dblclick();
  expect(await alertSaying(page, accountMessages.resetSent)).toBe(accountMessages.resetSent);
  expect(resets).toBe(1);
  await expect.poll(() => forgot.count()).toBe(0);

  // The reset link opens the change-password form with the token hidden; the token leaves the address.
  const reset = linkWith(await mail.waitFor(secondEmail, RESET_SUBJECT), 'reset_token');
  // Past the link's own request, the token is in no URL nor Referer the page sends (access logs).
  const resetToken = reset.searchParams.get('reset_token') ?? '';
  const leaks: string[] = [];
  const noteLeak = (request: Request) => {
    const sent = [request.url(), request.headers()['referer'] ?? ''];
    if (request.url() !== onServer(reset) && sent.some((text) => text.includes(resetToken))) leaks.push(request.url());
  };
  page.on('request', noteLeak);
  await page.goto(onServer(reset));
  await accounts.getByText('Choose a new password').waitFor();
  await expect.poll(() => page.url()).toBe(`${server.baseUrl}/account`);
  expect(await accounts.getByLabel('Old password', { exact: true }).count()).toBe(0);
  expect(await accounts.locator('input[type="hidden"][name="reset_token"]').inputValue()).toBe(
    reset.searchParams.get('reset_token'),
  );
  await accounts.getByLabel('New password', { exact: true }).fill('third-secret');
  await accounts.getByLabel('Confirm new password', { exact: true }).fill('third-secret');
  await accounts.getByRole('button', { name: 'Save' }).click();
  await alertSaying(page, accountMessages.passwordSaved);
  page.off('request', noteLeak);
  expect(leaks).toEqual([]);

  // Then the login modal, where the new password works and the old one does not.
  const login = page.getByRole('dialog', { name: 'Sign in to Platter' });
  await login.waitFor();
  await login.getByLabel('Email', { exact: true }).fill(secondEmail);
  await login.getByLabel('Password', { exact: true }).fill('second-secret');
  await login.getByRole('button', { name: 'Log in' }).click();
  await login.getByText("Sorry, that email and password don't match").waitFor();
  await login.getByLabel('Password', { exact: true }).fill('third-secret');
  await login.getByRole('button', { name: 'Log in' }).click();
  await settingsButton(page, name).waitFor();
  expect(await cookie(page, 'platterUserId')).toBe(guestId);

  // A used reset link is expired: the server says so when it is sent.
  await page.goto(onServer(reset));
  await accounts.getByText('Choose a new password').waitFor();
  await accounts.getByLabel('New password', { exact: true }).fill('fourth-secret');
  await accounts.getByLabel('Confirm new password', { exact: true }).fill('fourth-secret');
  await accounts.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: 'This link has expired' }).getByText(accountMessages.linkExpired).waitFor();
  await expect.poll(() => page.url()).toBe(`${server.baseUrl}/`);
  await expect.poll(() => accounts.count()).toBe(0);
  await context.close();
});

test('expired=email and expired=password show the link-expired modal and leave the address', async () => {
  const page = await browser.newPage();
  for (const kind of ['email', 'password']) {
    await page.goto(`${server.baseUrl}/?expired=${kind}`);
    const dialog = page.getByRole('dialog', { name: 'This link has expired' });
    await dialog.getByText(accountMessages.linkExpired).waitFor();
    await expect.poll(() => page.url()).toBe(`${server.baseUrl}/`);
  }
  // The password variant offers a new reset link.
  await page
    .getByRole('dialog', { name: 'This link has expired' })
    .getByRole('link', { name: 'Send a new link' })
    .click();
  await page.getByRole('dialog', { name: 'Forgot your password?' }).waitFor();
  await page.close();
});

test('complete_register and avatarId open the complete step; first opens Manage Accounts', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();

  await page.goto(`${server.baseUrl}/signup?avatarId=7`);
  const signup = page.getByRole('dialog', { name: 'Sign up for Platter' });
  await signup.getByRole('radio').first().waitFor();
  expect(await signup.locator('input[value="7"]').isChecked()).toBe(true);

  await page.goto(`${server.baseUrl}/?complete_register=1&avatarId=1`);
  await expect.poll(() => page.url()).toBe(`${server.baseUrl}/signup/email`);
  const complete = page.getByRole('dialog', { name: 'Sign up for Platter' });
  await complete.getByRole('link', { name: 'Change' }).waitFor();
  expect(await complete.locator('.signup__avatar img').getAttribute('src')).toBe(
    '/roommanager_assets/avatars/1/fullfront.png',
  );
  // The name is a suggestion to keep or change.
  await expect.poll(() => complete.getByLabel('DJ name', { exact: true }).inputValue()).not.toBe('');

  // A member: /signup says so, and ?first opens Manage Accounts.
  await logInAsDemoMember(page, server.baseUrl);
  await page.goto(`${server.baseUrl}/signup`);
  await page.getByText("You're already signed up! Log out first to make a new account.").waitFor();
  await page.goto(`${server.baseUrl}/?first=1`);
  await page.getByRole('dialog', { name: 'Manage Accounts' }).getByText(DEMO_MEMBER.email).waitFor();
  await expect.poll(() => page.url()).toBe(`${server.baseUrl}/account`);
  await context.close();
});

test('a login failure without a message still says it failed', async () => {
  const page = await browser.newPage();
  await page.route('**/email_login/', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify([false, {}]) }),
  );
  await page.goto(`${server.baseUrl}/login`);
  const dialog = page.getByRole('dialog', { name: 'Sign in to Platter' });
  await dialog.getByLabel('Email', { exact: true }).fill(DEMO_MEMBER.email);
  await dialog.getByLabel('Password', { exact: true }).fill(DEMO_MEMBER.password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await dialog.getByRole('alert').filter({ hasText: "Sorry, we couldn't log you in. Please try again." }).waitFor();
  await page.close();
});

test('contact settings: the named checkboxes, saved and read back; prefs=changed says so', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInAsDemoMember(page, server.baseUrl);
  await openSettingsItem(page, DEMO_MEMBER.name, 'Contact Settings');
  const dialog = page.getByRole('dialog', { name: 'Contact Settings' });
  const boxes = dialog.getByRole('checkbox');
  await boxes.first().waitFor();
  expect(await boxes.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).name))).toEqual(
    CONTACT_PREFS.map((pref) => pref.name),
  );
  for (const pref of CONTACT_PREFS) {
    const box = dialog.getByLabel(contactPrefLabel(pref.label, 'Platter'), { exact: true });
    expect(await box.isChecked(), pref.name).toBe(pref.checked);
  }

  // Flip every box and save: home, with the spec's words.
  for (const pref of CONTACT_PREFS)
    await dialog.getByLabel(contactPrefLabel(pref.label, 'Platter'), { exact: true }).click();
  const saved = page.waitForRequest((r) => r.url().endsWith('/api/user.edit_prefs'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect((await saved).postDataJSON()).toMatchObject(
    Object.fromEntries(CONTACT_PREFS.map((pref) => [pref.name, !pref.checked])),
  );
  expect(await alertSaying(page, accountMessages.prefsSaved)).toBe(accountMessages.prefsSaved);
  await expect.poll(() => page.url()).toBe(`${server.baseUrl}/`);

  // Read back, through the link our mails use.
  await page.goto(`${server.baseUrl}/?prefs=changed`);
  await alertSaying(page, accountMessages.prefsSaved);
  await expect.poll(() => page.url()).toBe(`${server.baseUrl}/account/contact`);
  await page.getByRole('dialog', { name: 'Contact Settings' }).getByRole('checkbox').first().waitFor();
  for (const pref of CONTACT_PREFS) {
    const box = page.getByRole('dialog').getByLabel(contactPrefLabel(pref.label, 'Platter'), { exact: true });
    expect(await box.isChecked(), pref.name).toBe(!pref.checked);
  }

  // A failure alerts 'Sorry, {error}'.
  await page.route('**/api/user.edit_prefs', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify([false, { err: 'The database is asleep', errcode: 'internal' }]),
    }),
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await alertSaying(page, 'Sorry, the database is asleep.');
  await context.close();
});

test('the ignore list: add by name (Enter too), errors that clear on focus, remove', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInAsDemoMember(page, server.baseUrl);
  await page.goto(`${server.baseUrl}/account/ignore`);
  const dialog = page.getByRole('dialog', { name: 'Ignored Users' });
  await dialog
    .getByText('Someone bothering you? Add a user to this list to block their incoming chat messages.')
    .waitFor();
  await expect.poll(() => page.title()).toBe('Platter: Ignored Users');
  const input = dialog.getByPlaceholder('Enter a username...');
  const list = dialog.getByRole('list', { name: 'Ignored users' });
  const errorArea = dialog.locator('.ignore__error');

  // A blank name does nothing.
  let asked = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/user.get_id')) asked++;
  });
  await input.fill('   ');
  await input.press('Enter');
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await page.waitForTimeout(300);
  expect(asked).toBe(0);

  // An unknown name says so; the message goes a second after the box gains focus.
  await input.fill('Nobody By This Name');
  await dialog.getByRole('button', { name: 'Add user' }).click();
  await expect.poll(() => errorArea.textContent()).toMatch(/couldn't find/);
  await dialog.getByRole('button', { name: 'Add user' }).focus();
  await input.focus();
  await page.waitForTimeout(500);
  expect(await errorArea.textContent()).toMatch(/couldn't find/);
  await expect.poll(() => errorArea.textContent(), { timeout: 2000 }).toBe('');

  // Enter adds; the list shows the name with a remove link, and keeps it.
  await input.fill('Basslord');
  await input.press('Enter');
  await list.getByText('Basslord').waitFor();
  expect(await input.inputValue()).toBe('');
  await dialog.getByRole('button', { name: 'Add user' }).click(); // blank again: nothing
  await page.reload();
  await list.getByText('Basslord').waitFor();

  // A failed removal says so and keeps the entry.
  await page.route('**/api/block.remove*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify([false, { err: 'x', errcode: 'internal' }]),
    }),
  );
  await list.getByRole('button', { name: 'Remove Basslord' }).click();
  await expect.poll(() => errorArea.textContent()).toBe(accountMessages.ignoreRemoveFailed);
  expect(await list.getByText('Basslord').count()).toBe(1);
  await page.unroute('**/api/block.remove*');

  // Removal hides the entry, for good.
  await list.getByRole('button', { name: 'Remove Basslord' }).click();
  await dialog.getByText("You're not ignoring anyone.").waitFor();
  await page.reload();
  await dialog.getByText("You're not ignoring anyone.").waitFor();
  await context.close();
});
