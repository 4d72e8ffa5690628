/**
 * Flooding (issue 13, Abuse): rooms made per member and per address in an
 * hour, guests made per address in a minute. In-process by default, shared
 * through Redis by every instance when REDIS_URL is set; off with the other
 * limits when RATE_LIMIT_PER_MINUTE is 0.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { guestMessages, roomMessages, type CallName, type Credentials, type Envelope } from '@platter/contract';
import type { Config } from '../src/config';
import { startTestApp, type TestApp } from './support/test-app';
import { aMember } from './support/factories';
import { failureOf, readResponse } from './support/envelopes';

const REDIS_URL = 'redis://127.0.0.1:6379';
const HOUR = 60 * 60_000;
const PER_MEMBER = 2;
const PER_ADDRESS = 3;
const GUESTS = 3;
const TOO_MANY_ROOMS = { err: roomMessages.tooManyRooms, errcode: 'rate_limited' };
const TOO_MANY_GUESTS = { err: guestMessages.tooManyGuests, errcode: 'rate_limited' };

/** Small limits to reach; attempts (sign-ups from 127.0.0.1) generous, as they are not under test here. */
const LIMITS: Partial<Config> = {
  attemptsPerMinute: 1000,
  roomsPerMemberPerHour: PER_MEMBER,
  roomsPerAddressPerHour: PER_ADDRESS,
  guestsPerAddressPerMinute: GUESTS,
  trustProxy: true,
};

let counter = 0;
const roomName = () => `Flood ${process.pid}-${counter++}`;
/** A made-up client address, as a reverse proxy would pass it on. */
const anIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** POSTs a call as if from `ip` (X-Forwarded-For, believed with TRUST_PROXY). */
async function callFrom(t: TestApp, ip: string, name: CallName, params: Record<string, unknown>, as?: Credentials) {
  const credentials = as ? { userid: as.userid, userauth: as.userauth } : {};
  const response = await t.fetch(`/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ client: 'web', ...credentials, ...params }),
  });
  const { status, body } = await readResponse(response);
  return { status, envelope: body as Envelope<unknown> };
}

const createFrom = (t: TestApp, ip: string, member: Credentials, room_name = roomName()) =>
  callFrom(t, ip, 'room.create', { room_name }, member);

const guestFrom = (t: TestApp, ip: string) => callFrom(t, ip, 'user.guest_create', {});

async function roomsBy(t: TestApp, member: Credentials): Promise<number> {
  const rows = await t.app.services.db
    .selectFrom('rooms')
    .select('id')
    .where('creatorId', '=', member.userid)
    .execute();
  return rows.length;
}

async function listedNames(t: TestApp): Promise<string[]> {
  return (await t.ok('room.directory_rooms', { limit: 100 })).rooms.map((room) => room.name);
}

describe('in-process limits', () => {
  let clock = Date.now();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(LIMITS, () => clock);
  });
  afterAll(() => t.close());

  test(`rooms: ${PER_MEMBER} an hour per member, then refused with nothing made; the next hour works`, async () => {
    const member = await aMember(t);
    for (let i = 0; i < PER_MEMBER; i++) expect((await createFrom(t, anIp(), member)).envelope[0]).toBe(true);

    const name = roomName();
    const refused = await createFrom(t, anIp(), member, name);
    expect(refused.status).toBe(429);
    expect(failureOf(refused.envelope)).toEqual(TOO_MANY_ROOMS);
    expect(await roomsBy(t, member)).toBe(PER_MEMBER);
    expect(await listedNames(t)).not.toContain(name);

    // Another member, from another address, is not held back.
    expect((await createFrom(t, anIp(), await aMember(t))).envelope[0]).toBe(true);

    clock += HOUR;
    const again = await createFrom(t, anIp(), member, name);
    expect(again.envelope[0]).toBe(true);
    const { roomid } = again.envelope[1] as { roomid: string };
    expect((await t.ok('room.info', { roomid })).room.name).toBe(name);
  });

  test(`rooms: ${PER_ADDRESS} an hour per address, counted across members`, async () => {
    const ip = anIp();
    for (let i = 0; i < PER_ADDRESS; i++) {
      expect((await createFrom(t, ip, await aMember(t))).envelope[0]).toBe(true);
    }
    const newcomer = await aMember(t);
    expect(failureOf((await createFrom(t, ip, newcomer)).envelope)).toEqual(TOO_MANY_ROOMS);
    expect(await roomsBy(t, newcomer)).toBe(0);
    // The same member from elsewhere is fine.
    expect((await createFrom(t, anIp(), newcomer)).envelope[0]).toBe(true);
  });

  test(`guests: ${GUESTS} a minute per address, then refused; the next minute works`, async () => {
    const ip = anIp();
    for (let i = 0; i < GUESTS; i++) expect((await guestFrom(t, ip)).envelope[0]).toBe(true);
    const refused = await guestFrom(t, ip);
    expect(refused.status).toBe(429);
    expect(failureOf(refused.envelope)).toEqual(TOO_MANY_GUESTS);
    expect((await guestFrom(t, anIp())).envelope[0]).toBe(true);

    clock += 60_000;
    expect((await guestFrom(t, ip)).envelope[0]).toBe(true);
  });
});

describe('with RATE_LIMIT_PER_MINUTE=0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ...LIMITS, attemptsPerMinute: 0 });
  });
  afterAll(() => t.close());

  test('rooms and guests are not limited either', async () => {
    const ip = anIp();
    const member = await aMember(t);
    for (let i = 0; i <= PER_ADDRESS; i++) expect((await createFrom(t, ip, member)).envelope[0]).toBe(true);
    for (let i = 0; i <= GUESTS; i++) expect((await guestFrom(t, ip)).envelope[0]).toBe(true);
  });
});

describe('two instances sharing Redis', () => {
  // An hour of their own far from now, so that no other run's counts (kept two hours) are seen.
  const offset = randomInt(1, 1_000_000) * 3 * HOUR;
  const now = () => Date.now() + offset;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ ...LIMITS, redisUrl: REDIS_URL }, now);
    b = await startTestApp({ ...LIMITS, redisUrl: REDIS_URL, database: a.app.services.config.database }, now);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  test('count the same rooms: a member who made them on A and B is held back on both', async () => {
    const member = await aMember(a);
    for (let i = 0; i < PER_MEMBER; i++) {
      expect((await createFrom(i % 2 === 0 ? a : b, anIp(), member)).envelope[0]).toBe(true);
    }
    expect(failureOf((await createFrom(a, anIp(), member)).envelope)).toEqual(TOO_MANY_ROOMS);
    expect(failureOf((await createFrom(b, anIp(), member)).envelope)).toEqual(TOO_MANY_ROOMS);
    expect(await roomsBy(a, member)).toBe(PER_MEMBER);
  });

  test('and the same guests from one address', async () => {
    const ip = anIp();
    for (let i = 0; i < GUESTS; i++) expect((await guestFrom(i % 2 === 0 ? b : a, ip)).envelope[0]).toBe(true);
    expect(failureOf((await guestFrom(a, ip)).envelope)).toEqual(TOO_MANY_GUESTS);
    expect(failureOf((await guestFrom(b, ip)).envelope)).toEqual(TOO_MANY_GUESTS);
  });
});
