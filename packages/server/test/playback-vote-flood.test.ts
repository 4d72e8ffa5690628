/**
 * Votes under a flood (issue 31, item 3): toggling Awesome and Lame pushed an update_votes to
 * every page and bot for each toggle (thousands a second from one member). A listener changes
 * their vote at most VOTE_CHANGES_PER_SONG times a song, and the room hears update_votes at most
 * once in VOTE_UPDATE_MS of its clock, the latest counts and every changed vote in them; the
 * counts and the DJ's points stay exact. The clock is the test's: it stands still through a
 * flood, so the count of what each listener hears does not depend on how fast the flood ran.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  playbackMessages,
  VOTE_CHANGES_PER_SONG,
  VOTE_UPDATE_MS,
  type Credentials,
  type LiveEvent,
  type Vote,
} from '@platter/contract';
import type { TestApp } from './support/test-app';
import { musicRoomApp } from './support/music-room-app';
import { aBot, aMember, aRoom } from './support/factories';
import { aSong } from './support/music';
import { eventsUntil } from './support/room-pages';
import { eventually } from './support/eventually';
import type { TestSocket } from './support/socket-client';
import { stopBot, ttapiBot, nextFrom, type TtapiBot, type TtapiReply } from './support/ttapi-bot';

const music = musicRoomApp();
const { inRoom } = music;
let t: TestApp;
const bots: TtapiBot[] = [];
beforeAll(() => {
  t = music.t;
});
afterAll(() => {
  for (const bot of bots.splice(0)) stopBot(bot);
});

/** A room whose DJ plays (two songs in their queue), with `crowd` members' pages in it. */
async function aPlayingRoom(crowd: number) {
  const owner = await aMember(t);
  const room = await aRoom(t, owner);
  const dj = await aMember(t);
  await aSong(t, dj);
  await aSong(t, dj);
  const watching = await inRoom(owner, room.roomid);
  const djPage = await inRoom(dj, room.roomid);
  await djPage.socket.ok('room.add_dj', { roomid: room.roomid });
  await eventsUntil(watching.socket, room.roomid, 'newsong');
  const listeners = [];
  for (let n = 0; n < crowd; n++) {
    const member = await aMember(t);
    listeners.push({ member, ...(await inRoom(member, room.roomid)) });
  }
  return { owner, room, dj, watching, djPage, listeners };
}

/** `count` votes, turn about, starting with `first`. */
const toggles = (first: Vote, count: number): Vote[] =>
  Array.from({ length: count }, (_, n) => ((n % 2 === 0) === (first === 'up') ? 'up' : 'down'));

async function pointsOf(who: Credentials) {
  const row = await t.app.services.db
    .selectFrom('users')
    .select('points')
    .where('id', '=', who.userid)
    .executeTakeFirstOrThrow();
  return Number(row.points);
}

/** Everything a ttapi bot hears of a kind, from now on. */
function heardBy(bot: TtapiBot, command: string): TtapiReply[] {
  const heard: TtapiReply[] = [];
  bot.on(command, (data) => heard.push(data));
  return heard;
}

describe('a vote flood', () => {
  test('each listener hears a few update_votes however many toggles, and the final counts are exact', async () => {
    // Four voters and four more off the stage (the owner, two quiet members, a bot): four Lame
    // votes at once are not more than half of eight, so no moment of the flood skips the song.
    const { owner, room, dj, watching, djPage, listeners } = await aPlayingRoom(6);
    const voters = listeners.slice(0, 4);
    const botMember = await aBot(t);
    const bot = ttapiBot(t, botMember.userid, botMember.userauth, room.roomid);
    bots.push(bot);
    await nextFrom(bot, 'roomChanged');
    const botVotes = heardBy(bot, 'update_votes');
    const botLines = heardBy(bot, 'speak');

    // Each voter sends twice the votes they may make, all at once; two start Awesome, two Lame.
    const perVoter = 2 * (VOTE_CHANGES_PER_SONG + 1);
    const firsts: Vote[] = ['up', 'up', 'down', 'down'];
    const replies = await Promise.all(
      voters.map((voter, n) =>
        Promise.all(
          toggles(firsts[n]!, perVoter).map((val) => voter.socket.call('room.vote', { roomid: room.roomid, val })),
        ),
      ),
    );
    // Where each voter's last counted vote left them (the first and VOTE_CHANGES_PER_SONG changes).
    const finalVote = (n: number) => toggles(firsts[n]!, VOTE_CHANGES_PER_SONG + 1).at(-1)!;
    // Those count; after them each change is refused, saying why (the same vote again changes nothing).
    replies.forEach((answers, n) => {
      expect(answers.slice(0, VOTE_CHANGES_PER_SONG + 1).every(([ok]) => ok)).toBe(true);
      const after = toggles(firsts[n]!, perVoter).slice(VOTE_CHANGES_PER_SONG + 1);
      after.forEach((val, k) =>
        expect(answers[VOTE_CHANGES_PER_SONG + 1 + k]).toEqual(
          val === finalVote(n)
            ? [true, {}]
            : [false, { err: playbackMessages.voteChangesUsed, errcode: 'rate_limited' }],
        ),
      );
    });
    const expected = Object.fromEntries(voters.map((voter, n) => [voter.member.userid, finalVote(n)]));
    const ups = Object.values(expected).filter((val) => val === 'up').length;

    // The room's clock moves past the window: the votes waiting are told (the sweep's backstop
    // or the timer, whichever comes first; the other finds nothing left to tell).
    music.advance(VOTE_UPDATE_MS);
    await t.timeline!.sweep();
    // A chat line after it all: every event before it has reached each listener.
    await watching.socket.ok('room.speak', { roomid: room.roomid, text: 'that was loud' });

    const pages: TestSocket[] = [watching.socket, djPage.socket, ...listeners.map((listener) => listener.socket)];
    for (const page of pages) {
      const { events } = await eventsUntil(page, room.roomid, 'speak');
      const votes = events.filter(
        (event): event is Extract<LiveEvent, { command: 'update_votes' }> => event.command === 'update_votes',
      );
      // The first vote at once; every other, together, when the window ended.
      expect(votes).toHaveLength(2);
      expect(votes.at(-1)).toMatchObject({ upvotes: ups, downvotes: voters.length - ups });
      const told = new Map(votes.flatMap((event) => event.votelog));
      expect(Object.fromEntries(told)).toEqual(expected);
    }
    // The bot's line comes after everything before it, as on the pages.
    await eventually(
      async () => botLines.length,
      (lines) => lines > 0,
    );
    expect(botVotes).toHaveLength(2);
    expect(botVotes.at(-1)).toMatchObject({
      room: { metadata: { upvotes: ups, downvotes: voters.length - ups } },
    });

    // Stored exactly: the song's counts, and one point for each voter who ever gave an Awesome.
    const { songs } = await t.ok('room.history', { roomid: room.roomid });
    expect([songs[0]?.upvotes, songs[0]?.downvotes]).toEqual([ups, voters.length - ups]);
    expect(await pointsOf(dj)).toBe(voters.length);
    // A page joining now sees the same.
    const late = await inRoom(owner, room.roomid);
    expect([late.snapshot.votes.upvotes, late.snapshot.votes.downvotes]).toEqual([ups, voters.length - ups]);
  });
});

describe('changing one’s mind', () => {
  test('a listener changes their vote a few times a song, then it stands; the next song they vote afresh', async () => {
    const { room, watching, listeners } = await aPlayingRoom(1);
    const { socket, member } = listeners[0]!;
    const votes = toggles('up', VOTE_CHANGES_PER_SONG + 1);
    for (const val of votes) await socket.ok('room.vote', { roomid: room.roomid, val });
    const last = votes.at(-1)!;
    const other: Vote = last === 'up' ? 'down' : 'up';
    expect(await socket.call('room.vote', { roomid: room.roomid, val: other })).toEqual([
      false,
      { err: playbackMessages.voteChangesUsed, errcode: 'rate_limited' },
    ]);
    // The same vote again is no change, and is not refused.
    expect(await socket.call('room.vote', { roomid: room.roomid, val: last })).toEqual([true, {}]);
    const { songs } = await t.ok('room.history', { roomid: room.roomid });
    expect([songs[0]?.upvotes, songs[0]?.downvotes]).toEqual(last === 'up' ? [1, 0] : [0, 1]);

    // The song ends: the room hears its final votes before song_ended, and the next song is a fresh start.
    await music.playOut(room.roomid);
    const ended = await eventsUntil(watching.socket, room.roomid, 'song_ended');
    const told = ended.events.filter((event) => event.command === 'update_votes');
    expect(told.at(-1)).toMatchObject({
      upvotes: last === 'up' ? 1 : 0,
      downvotes: last === 'up' ? 0 : 1,
      votelog: [[member.userid, last]],
    });
    await eventsUntil(watching.socket, room.roomid, 'newsong');
    await socket.ok('room.vote', { roomid: room.roomid, val: other });
    expect((await eventsUntil(watching.socket, room.roomid, 'update_votes')).last).toMatchObject({
      votelog: [[member.userid, other]],
    });
  });
});
