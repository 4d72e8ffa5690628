/**
 * The ttapi gateway (docs/bots.md) with the real `ttapi` package from the
 * registry, pointed at a test app by examples/ttapi-preload.cjs: a bot
 * authenticates, registers, reads the room, speaks and hears people on our own
 * socket; PMs and hears PMs (pmmed as turntable sent it, never its own) and
 * update_user (flat, as turntable sent it); reads profiles (ttapi 4's call and the older
 * one), fans, reports its presence, leaves and comes back, moderates and hears
 * the stage, its moderators and the room change; is booted by a moderator; a
 * wrong userauth is refused; a second connection replaces the first.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { moderationMessages } from '@platter/contract';
import { startTestApp, type TestApp } from './support/test-app';
import { aBot, aMember, aRoom, type Member, type TestRoom } from './support/factories';
import { aSong } from './support/music';
import { TestSocket } from './support/socket-client';
import { nextFrom, request, stopBot, ttapiBot, viaBot, type TtapiBot } from './support/ttapi-bot';
import { ttapiMessages } from '../src/realtime/ttapi/gateway';

const bots: TtapiBot[] = [];
const sockets: TestSocket[] = [];
afterAll(() => {
  for (const bot of bots.splice(0)) stopBot(bot);
  for (const socket of sockets.splice(0)) socket.close();
});
const aTtapiBot = (t: TestApp, who: Member, roomid: string, userauth = who.userauth) => {
  const bot = ttapiBot(t, who.userid, userauth, roomid);
  bots.push(bot);
  return bot;
};

describe('a ttapi bot', () => {
  let t: TestApp;
  let owner: Member;
  let person: Member;
  let botMember: Member;
  let room: TestRoom;
  let personSocket: TestSocket;
  let bot: TtapiBot;
  const channel = () => `room:${room.roomid}`;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await aMember(t);
    person = await aMember(t);
    botMember = await aBot(t);
    room = await aRoom(t, owner);
    personSocket = await TestSocket.welcomed(t, person);
    sockets.push(personSocket);
    await personSocket.ok('room.register', { roomid: room.roomid });
  });
  afterAll(() => t.close());

  test('authenticates, registers and reads room.info as turntable gave it', async () => {
    bot = aTtapiBot(t, botMember, room.roomid);
    // ttapi registers in the room given to its constructor, then reads room.info itself.
    const info = await nextFrom(bot, 'roomChanged');
    expect(info.success).toBe(true);
    const { room: details, users } = info as unknown as {
      room: { roomid: string; metadata: Record<string, unknown> };
      users: Array<{ userid: string; bot: boolean }>;
    };
    expect(details.roomid).toBe(room.roomid);
    expect(details.metadata).toMatchObject({ djs: [], moderator_id: [owner.userid], current_dj: null, listeners: 2 });
    expect(users.map((user) => user.userid).sort()).toEqual([person.userid, botMember.userid].sort());
    expect(users.find((user) => user.userid === botMember.userid)?.bot).toBe(true);

    const joined = await personSocket.nextEvent(channel());
    expect(joined.event).toMatchObject({ command: 'registered', user: [{ userid: botMember.userid }] });
  });

  test('speaks to the room, and hears what people say', async () => {
    const spoken = await new Promise((resolve) => bot.speak('Hello from a ttapi bot ~m~1~m~~h~1', resolve));
    expect(spoken).toMatchObject({ success: true });
    const heard = await personSocket.nextEvent(channel());
    expect(heard.event).toMatchObject({
      command: 'speak',
      userid: botMember.userid,
      text: 'Hello from a ttapi bot ~m~1~m~~h~1',
    });

    const botHears = nextFrom(bot, 'speak');
    await personSocket.ok('room.speak', { roomid: room.roomid, text: 'hi bot' });
    expect(await botHears).toMatchObject({
      command: 'speak',
      userid: person.userid,
      name: person.name,
      text: 'hi bot',
    });
  });

  test('an unknown api is answered with an error and the connection stays open', async () => {
    const unknown = await request(bot, { api: 'room.no_such_call' });
    expect(unknown).toMatchObject({ success: false, errcode: 'unknown_call' });
    const invalid = await request(bot, { api: 'room.speak', roomid: room.roomid, text: '' });
    expect(invalid).toMatchObject({ success: false, errcode: 'invalid' });
    const info = await request(bot, { api: 'user.info' });
    expect(info).toMatchObject({ success: true, userid: botMember.userid, name: botMember.name });
  });

  test('a wrong userauth is refused: nothing it asks is done', async () => {
    const lines: string[] = [];
    const impostor = aTtapiBot(t, botMember, room.roomid, 'not-the-userauth');
    impostor.debug = (line: string) => lines.push(line);
    const refused = await nextFrom(impostor, 'roomChanged');
    expect(refused).toMatchObject({ success: false, err: ttapiMessages.authenticateFirst });
    // Its user.authenticate (msgid 0) was answered first, with the reason.
    const answer = lines.find((line) => line.startsWith('> ') && line.includes('"msgid":0'));
    expect(answer).toContain(ttapiMessages.notAuthenticated);
    expect(answer).toContain('"success":false');
  });

  test("PMs a person, and hears their PM as turntable's pmmed (time in seconds), not its own", async () => {
    const pmmed = nextFrom(bot, 'pmmed');
    expect(await request(bot, { api: 'pm.send', receiverid: person.userid, text: 'psst' })).toMatchObject({
      success: true,
    });
    await personSocket.ok('pm.send', { receiverid: botMember.userid, text: 'hi bot' });
    // The first pmmed the bot hears is the person's: its own 'psst' is not sent back to it.
    const heard = await pmmed;
    expect(heard).toMatchObject({
      command: 'pmmed',
      senderid: person.userid,
      userid: botMember.userid,
      text: 'hi bot',
    });
    const history = await request(bot, { api: 'pm.history', receiverid: person.userid });
    expect(history).toMatchObject({ success: true });
    const lines = history.history as Array<{ text: string; time: number }>;
    expect(lines.map((line) => line.text)).toEqual(expect.arrayContaining(['psst', 'hi bot']));
    expect(heard.time).toBe(lines.find((line) => line.text === 'hi bot')!.time / 1000);
  });

  test("hears update_user with the person's fields flat, as turntable sent it", async () => {
    const updated = nextFrom(bot, 'update_user');
    await personSocket.ok('user.modify', { laptop: 'linux' });
    const event = await updated;
    expect(event).toMatchObject({
      command: 'update_user',
      roomid: room.roomid,
      userid: person.userid,
      name: person.name,
      laptop: 'linux',
    });
    expect(event).toHaveProperty('avatarid');
    expect(event).toHaveProperty('points');
    expect(event).not.toHaveProperty('user');
  });

  test('reads profiles as ttapi 4 and older ttapi ask, fans, and reports its presence', async () => {
    // ttapi 4's getProfile: user.get_profile_info with profileid.
    expect(await viaBot(bot, 'getProfile', person.userid)).toMatchObject({
      success: true,
      userid: person.userid,
      name: person.name,
    });
    // Older ttapi: user.get_profile, the person in `userid` (the bot itself when it names nobody).
    expect(await request(bot, { api: 'user.get_profile', userid: person.userid })).toMatchObject({
      success: true,
      userid: person.userid,
      name: person.name,
    });
    expect(await request(bot, { api: 'user.get_profile' })).toMatchObject({
      success: true,
      userid: botMember.userid,
      name: botMember.name,
    });
    expect(await viaBot(bot, 'becomeFan', person.userid)).toMatchObject({ success: true });
    expect((await t.ok('user.get_fan_of', {}, botMember)).fanof).toContain(person.userid);
    expect(await viaBot(bot, 'updatePresence')).toMatchObject({ success: true });
    expect((await t.ok('presence.get', { uid: botMember.userid })).presence.status).toBe('available');
  });

  test("says it is a bot on its profile, reads the avatars it may wear as turntable listed them, and changes its name with ttapi's modifyName", async () => {
    expect(await request(bot, { api: 'user.get_profile' })).toMatchObject({ userid: botMember.userid, bot: true });
    expect(await viaBot(bot, 'getProfile', person.userid)).toMatchObject({ userid: person.userid, bot: false });

    // getAvatarIds reads user.available_avatars' `avatars` ({min, acl, avatarids}) against its points.
    const available = await t.ok('user.available_avatars', {}, botMember);
    const open = available.tiers.filter((tier) => tier.unlocked).flatMap((tier) => tier.avatarids);
    const ids = (await viaBot(bot, 'getAvatarIds')) as unknown as { ids: number[]; success: boolean };
    expect(ids.success).toBe(true);
    expect([...ids.ids].sort((a, b) => a - b)).toEqual([...new Set(open)].sort((a, b) => a - b));

    // modifyName is user.modify with a name: the profile's name, with its checks.
    const renamed = `Renamed ${botMember.name}`.slice(0, 20);
    expect(await viaBot(bot, 'modifyName', renamed)).toMatchObject({ success: true });
    expect(await viaBot(bot, 'userInfo')).toMatchObject({ name: renamed });
    expect(await viaBot(bot, 'modifyName', '')).toMatchObject({ success: false, errcode: 'invalid' });
    botMember = { ...botMember, name: renamed };
  });

  test('hears its moderators, the stage and the room change; as a moderator takes a DJ off; leaves and comes back', async () => {
    const ownerSocket = await TestSocket.welcomed(t, owner);
    sockets.push(ownerSocket);
    await ownerSocket.ok('room.register', { roomid: room.roomid });

    const appointed = nextFrom(bot, 'new_moderator');
    await ownerSocket.ok('room.add_moderator', { roomid: room.roomid, target_userid: botMember.userid });
    expect(await appointed).toMatchObject({ command: 'new_moderator', userid: botMember.userid });
    expect((await viaBot(bot, 'roomInfo')).room).toMatchObject({
      metadata: { moderator_id: [owner.userid, botMember.userid] },
    });

    await aSong(t, person);
    const steppedUp = nextFrom(bot, 'add_dj');
    await personSocket.ok('room.add_dj', { roomid: room.roomid });
    expect(await steppedUp).toMatchObject({ command: 'add_dj', user: [{ userid: person.userid }] });
    // ttapi tells a DJ taken off by a moderator apart: its `escort` event.
    const escorted = nextFrom(bot, 'escort');
    expect(await viaBot(bot, 'remDj', person.userid)).toMatchObject({ success: true });
    expect(await escorted).toMatchObject({
      command: 'rem_dj',
      modid: botMember.userid,
      user: [{ userid: person.userid }],
    });

    const dismissed = nextFrom(bot, 'rem_moderator');
    await ownerSocket.ok('room.rem_moderator', { roomid: room.roomid, target_userid: botMember.userid });
    expect(await dismissed).toMatchObject({ command: 'rem_moderator', userid: botMember.userid });
    expect(await viaBot(bot, 'remDj', person.userid)).toMatchObject({
      success: false,
      err: moderationMessages.notModerator,
    });

    const renamed = nextFrom(bot, 'update_room');
    await ownerSocket.ok('room.modify', { roomid: room.roomid, description: 'Bots welcome' });
    expect(await renamed).toMatchObject({ command: 'update_room', room: { description: 'Bots welcome' } });

    // It leaves (the room hears it go) and registers again.
    expect(await viaBot(bot, 'roomDeregister')).toMatchObject({ success: true });
    for (;;) {
      const { event } = await personSocket.nextEvent(channel());
      if (event.command === 'deregistered') {
        expect(event.user[0]?.userid).toBe(botMember.userid);
        break;
      }
    }
    expect(await request(bot, { api: 'room.register', roomid: room.roomid })).toMatchObject({ success: true });
  });

  test('is booted by a moderator, told why, and cannot come straight back', async () => {
    const ownerSocket = await TestSocket.welcomed(t, owner);
    sockets.push(ownerSocket);
    await ownerSocket.ok('room.register', { roomid: room.roomid });
    const booted = nextFrom(bot, 'booted_user');
    await ownerSocket.ok('room.boot_user', { roomid: room.roomid, target_userid: botMember.userid, reason: 'testing' });
    expect(await booted).toMatchObject({ command: 'booted_user', userid: botMember.userid, reason: 'testing' });
    expect(await request(bot, { api: 'room.register', roomid: room.roomid })).toMatchObject({
      success: false,
      err: `${moderationMessages.bootedFor(5)} Reason: testing`,
    });
    // The owner lifts the boot's cool-down, and the bot may come back.
    await ownerSocket.ok('room.unban_user', { roomid: room.roomid, target_userid: botMember.userid });
    expect(await request(bot, { api: 'room.register', roomid: room.roomid })).toMatchObject({ success: true });
  });

  test('connecting again replaces the first connection with killdashnine, and so does the session ending', async () => {
    const killed = nextFrom(bot, 'killdashnine');
    // The preload tells the bot its line is gone at once (ttapi would after 120 s of silence).
    const lost = nextFrom(bot, 'disconnected');
    const again = aTtapiBot(t, botMember, room.roomid);
    expect(await killed).toMatchObject({ command: 'killdashnine', msg: ttapiMessages.replaced });
    expect(String(await lost)).toContain('The connection to the server closed.');
    expect(await nextFrom(again, 'roomChanged')).toMatchObject({ success: true });
    // The first connection's leaving came before the second's joining: the bot is in the room.
    const { users = [] } = await t.ok('room.info', { roomid: room.roomid, extended: true });
    expect(users.filter((user) => user.userid === botMember.userid)).toHaveLength(1);

    // Its session ending (a logout, from anywhere) ends the connection the same way.
    const ended = nextFrom(again, 'killdashnine');
    const endedLine = nextFrom(again, 'disconnected');
    await t.ok('user.logout', {}, botMember);
    expect(await ended).toMatchObject({ command: 'killdashnine' });
    await endedLine;
  });
});
