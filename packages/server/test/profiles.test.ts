/** Profiles, fans and reports over HTTP (spec §2 Profile screens, §4 Fan state, §5, §7). */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FAN_PAGE_SIZE, profileMessages } from '@platter/contract';
import { updateUser } from '../src/features/accounts/store';
import { startTestApp, type TestApp } from './support/test-app';
import { aGuest, aMember, type Member } from './support/factories';
import { failureOf } from './support/envelopes';

const DAY = 86_400_000;
let clock = Date.UTC(2026, 10, 1);
let t: TestApp;
let ada: Member;
let bob: Member;

beforeAll(async () => {
  t = await startTestApp({}, () => clock);
  ada = await aMember(t);
  bob = await aMember(t);
});
afterAll(() => t.close());

describe('user.get_profile_info', () => {
  test('shows a member to anyone, with counts and no private details', async () => {
    const profile = await t.ok('user.get_profile_info', { profileid: ada.userid });
    expect(profile).toMatchObject({
      userid: ada.userid,
      name: ada.name,
      registered: true,
      points: 0,
      fans: 0,
      fanofs: 0,
      pastNames: [],
      avatarid: 8,
      images: { headfront: '/roommanager_assets/avatars/8/headfront.png' },
      fanned: false,
      blocked: false,
    });
    expect(JSON.stringify(profile)).not.toContain(ada.email);
  });

  test("refuses guests' profiles and unknown people", async () => {
    const guest = await aGuest(t);
    expect(failureOf(await t.call('user.get_profile_info', { profileid: guest.userid }))).toEqual({
      err: "can't load guest profiles",
      errcode: 'invalid',
    });
    expect(failureOf(await t.call('user.get_profile_info', { profileid: 'nobody' })).errcode).toBe('not_found');
    expect(failureOf(await t.call('user.get_profile_info', {})).errcode).toBe('invalid');
  });
});

describe('fans', () => {
  test('become_fan and remove_fan change both sides, idempotently', async () => {
    await t.ok('user.become_fan', { djid: bob.userid }, ada);
    await t.ok('user.become_fan', { djid: bob.userid }, ada);
    expect(await t.ok('user.get_profile_info', { profileid: bob.userid }, ada)).toMatchObject({
      fans: 1,
      fanned: true,
    });
    expect((await t.ok('user.get_profile_info', { profileid: ada.userid })).fanofs).toBe(1);
    expect((await t.ok('user.get_fan_of', {}, ada)).fanof).toEqual([bob.userid]);
    await t.ok('user.remove_fan', { djid: bob.userid }, ada);
    await t.ok('user.remove_fan', { djid: bob.userid }, ada);
    expect(await t.ok('user.get_profile_info', { profileid: bob.userid }, ada)).toMatchObject({
      fans: 0,
      fanned: false,
    });
  });

  test('nobody can be their own fan, nor a fan of a guest; guests cannot fan', async () => {
    expect(failureOf(await t.call('user.become_fan', { djid: ada.userid }, ada))).toEqual({
      err: profileMessages.fanYourself,
      errcode: 'invalid',
    });
    const guest = await aGuest(t);
    expect(failureOf(await t.call('user.become_fan', { djid: guest.userid }, ada)).err).toBe(profileMessages.fanGuest);
    expect(failureOf(await t.call('user.become_fan', { djid: ada.userid }, guest)).errcode).toBe('members_only');
    expect(failureOf(await t.call('user.become_fan', { djid: 'nobody' }, ada)).errcode).toBe('not_found');
  });

  test('fan lists page by FAN_PAGE_SIZE, zero-based, newest first', async () => {
    const star = await aMember(t);
    const fans: Member[] = [];
    for (let i = 0; i < FAN_PAGE_SIZE + 3; i++) {
      clock += 1000;
      const fan = await aMember(t);
      await t.ok('user.become_fan', { djid: star.userid }, fan);
      fans.push(fan);
    }
    const first = await t.ok('user.get_fan_info', { profileid: star.userid, page_number: 0 });
    expect(first.numFans).toBe(FAN_PAGE_SIZE + 3);
    expect(first.pages).toBe(2);
    expect(first.info).toHaveLength(FAN_PAGE_SIZE);
    expect(first.info[0]).toMatchObject({ _id: fans.at(-1)?.userid, name: fans.at(-1)?.name, points: 0, fans: 0 });
    const second = await t.ok('user.get_fan_info', { profileid: star.userid, page_number: '1' });
    expect(second.info.map((f) => f._id)).toEqual(
      fans
        .slice(0, 3)
        .reverse()
        .map((f) => f.userid),
    );
    expect((await t.ok('user.get_fan_info', { profileid: star.userid, page_number: 5 })).info).toEqual([]);
    const fanOf = await t.ok('user.get_fan_of_info', { profileid: fans[0]?.userid ?? '' });
    expect(fanOf).toMatchObject({ numFans: 1, pages: 1, info: [{ _id: star.userid, fans: FAN_PAGE_SIZE + 3 }] });
    expect(failureOf(await t.call('user.get_fan_info', { profileid: star.userid, page_number: -1 })).errcode).toBe(
      'invalid',
    );
  });

  test('a fan list entry carries the Gold level, for the emblem beside the name', async () => {
    const star = await aMember(t);
    const goldFan = await aMember(t);
    await t.ok('user.become_fan', { djid: star.userid }, goldFan);
    clock += 1000; // newest first: bob, then the Gold fan
    await t.ok('user.become_fan', { djid: star.userid }, bob);
    await updateUser(t.app.services.db, goldFan.userid, { subscriptionLevel: 1 });
    const { info } = await t.ok('user.get_fan_info', { profileid: star.userid });
    expect(info.map((f) => [f._id, f.subscription_level])).toEqual([
      [bob.userid, 0],
      [goldFan.userid, 1],
    ]);
  });
});

describe('user.modify_profile', () => {
  test('saves the fields, trimming, clearing with an empty string, and a @ before the handle', async () => {
    const profile = await t.ok(
      'user.modify_profile',
      {
        twitter: '@platter_fm',
        facebook: 'platter',
        soundcloud: 'platter',
        website: 'https://platter.example.org',
        about: '  Spinning records since 1999. :) ',
        topartists: 'Velvet Static',
        hangout: 'Indie Lounge',
      },
      ada,
    );
    expect(profile).toMatchObject({
      twitter: 'platter_fm',
      website: 'https://platter.example.org',
      about: 'Spinning records since 1999. :)',
      hangout: 'Indie Lounge',
    });
    expect((await t.ok('user.modify_profile', { hangout: '' }, ada)).hangout).toBeNull();
    expect((await t.ok('user.get_profile_info', { profileid: ada.userid })).topartists).toBe('Velvet Static');
  });

  test.each([
    [{ twitter: 'a'.repeat(16) }, profileMessages.twitterTooLong],
    [{ twitter: 'no spaces' }, profileMessages.twitterInvalid],
    [{ website: 'javascript:alert(1)' }, profileMessages.websiteInvalid],
    [{ website: 'example.com' }, profileMessages.websiteInvalid],
    // A space the old pattern let through as its one 'any character' (issue 31).
    [{ website: 'http://x y' }, profileMessages.websiteSpaces],
    [{ website: 'https://my site.example.com/' }, profileMessages.websiteSpaces],
    [{ website: 'https://exa%mple.com' }, profileMessages.websiteInvalid],
    // A Facebook or SoundCloud entry the profile could not show as a link is refused, not kept unseen.
    [{ facebook: 'not a url' }, profileMessages.serviceInvalid('Facebook')],
    [{ soundcloud: 'javascript:alert(1)' }, profileMessages.serviceInvalid('SoundCloud')],
    [{ about: 'x'.repeat(401) }, profileMessages.aboutTooLong],
    [{ topartists: 'x'.repeat(401) }, profileMessages.topartistsTooLong],
    [{ hangout: 'x'.repeat(401) }, profileMessages.hangoutTooLong],
    [{ name: '' }, "Your DJ name can't be blank"],
    [{ name: 'x'.repeat(21) }, 'Your DJ name is too long! Keep it under 20 characters'],
  ])('refuses %j', async (edit, message) => {
    expect(failureOf(await t.call('user.modify_profile', edit, bob))).toEqual({ err: message, errcode: 'invalid' });
  });

  test('a Facebook or SoundCloud name, or the address of the page there, is kept', async () => {
    for (const [field, value] of [
      ['facebook', 'ada.vinyl'],
      ['facebook', 'facebook.com/ada.vinyl'],
      ['soundcloud', 'https://soundcloud.com/ada-vinyl'],
      ['soundcloud', ''],
    ] as const)
      expect((await t.ok('user.modify_profile', { [field]: value }, bob))[field]).toBe(value || null);
  });

  test('400 characters of about is fine', async () => {
    expect((await t.ok('user.modify_profile', { about: 'x'.repeat(400) }, bob)).about).toHaveLength(400);
  });

  test('nothing to change is a success that changes nothing (it was an empty SQL update: internal)', async () => {
    const dj = await aMember(t);
    const before = await t.ok('user.modify_profile', { about: 'Vinyl only' }, dj);
    expect(await t.ok('user.modify_profile', {}, dj)).toEqual(before);
    // Fields the profile does not have are stripped: nothing is left to change either.
    expect(await t.ok('user.modify_profile', { favourite_colour: 'teal' }, dj)).toEqual(before);
    // One's own name as it is, alone, is no change.
    expect(await t.ok('user.modify_profile', { name: dj.name }, dj)).toEqual(before);
  });

  test('a name changes at most once every 7 days; past names are kept', async () => {
    const dj = await aMember(t);
    const first = dj.name;
    const renamed = await t.ok('user.modify_profile', { name: 'Brand New Name' }, dj);
    expect(renamed).toMatchObject({ name: 'Brand New Name', pastNames: [first] });
    const tooSoon = failureOf(await t.call('user.modify_profile', { name: 'Another Name' }, dj));
    expect(tooSoon.err).toMatch(
      /^You can only change your DJ name once every 7 days\. You can change it again on \d{4}-\d\d-\d\d\.$/,
    );
    // Saving the same name again is no change.
    await t.ok('user.modify_profile', { name: 'Brand New Name', about: 'still me' }, dj);
    clock += 7 * DAY + 1;
    const again = await t.ok('user.modify_profile', { name: 'Third Name' }, dj);
    expect(again.pastNames).toEqual(['Brand New Name', first]);
    expect((await t.ok('user.get_id', { name: 'third name' })).userid).toBe(dj.userid);
    expect(failureOf(await t.call('user.get_id', { name: first })).errcode).toBe('not_found');
  });

  test('a name someone else has is taken', async () => {
    const dj = await aMember(t);
    expect(failureOf(await t.call('user.modify_profile', { name: ada.name.toUpperCase() }, dj))).toEqual({
      err: 'That DJ name is already taken. Try another!',
      errcode: 'conflict',
    });
  });

  test('guests cannot edit a profile', async () => {
    expect(failureOf(await t.call('user.modify_profile', { about: 'hi' }, await aGuest(t))).errcode).toBe(
      'members_only',
    );
  });
});

describe('reports', () => {
  test('need a reason of at most 400 characters, and are read by staff only', async () => {
    const line = { userid: bob.userid, name: bob.name, text: 'spam spam spam', time: clock };
    expect(failureOf(await t.call('room.report_user', { reported: bob.userid, reason: '  ' }, ada))).toEqual({
      err: 'Please supply a detailed reason',
      errcode: 'invalid',
    });
    expect(
      failureOf(await t.call('room.report_user', { reported: bob.userid, reason: 'x'.repeat(401) }, ada)).err,
    ).toBe(profileMessages.reasonTooLong);
    expect(failureOf(await t.call('room.report_user', { reported: ada.userid, reason: 'me' }, ada)).err).toBe(
      profileMessages.reportYourself,
    );
    await t.ok('room.report_user', { reported: bob.userid, reason: 'Spamming the chat', chatlog: [line] }, ada);

    expect(failureOf(await t.call('room.get_reports', {}, ada)).errcode).toBe('forbidden');
    const staff = await aMember(t);
    await updateUser(t.app.services.db, staff.userid, { acl: 1 });
    const { reports } = await t.ok('room.get_reports', {}, staff);
    expect(reports[0]).toMatchObject({
      reporter: { userid: ada.userid, name: ada.name },
      reported: { userid: bob.userid, name: bob.name },
      reason: 'Spamming the chat',
      // What the page sent is not kept: a report names no room here, so it carries no chat (reports.test.ts).
      chatlog: [],
      roomid: null,
    });
  });
});
