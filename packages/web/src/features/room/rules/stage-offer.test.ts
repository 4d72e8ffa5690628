import { expect, test } from 'vitest';
import { stageOffer, type StageFacts } from './stage-offer';

const facts = (over: Partial<StageFacts> = {}): StageFacts => ({
  me: 'me',
  djids: [],
  waitlist: [],
  maxDjs: 2,
  stageLocked: false,
  waitlistLocked: false,
  moderator: false,
  ...over,
});

test('a guest is offered nothing; a DJ their own controls; someone waiting their place', () => {
  expect(stageOffer(facts({ me: null }))).toEqual({ kind: 'guest' });
  expect(stageOffer(facts({ djids: ['a', 'me'] }))).toEqual({ kind: 'dj' });
  expect(stageOffer(facts({ djids: ['a', 'b'], waitlist: ['c', 'me'] }))).toEqual({ kind: 'waiting', position: 2 });
});

test('a free spot nobody waits for is stepped up to', () => {
  expect(stageOffer(facts({ djids: ['a'] }))).toEqual({ kind: 'step_up' });
});

test('a full stage, a locked one, or people waiting offer the waitlist, saying why', () => {
  expect(stageOffer(facts({ djids: ['a', 'b'] }))).toEqual({
    kind: 'join_waitlist',
    why: 'full',
    waitlistLocked: false,
  });
  expect(stageOffer(facts({ stageLocked: true }))).toMatchObject({ kind: 'join_waitlist', why: 'locked' });
  expect(stageOffer(facts({ waitlist: ['c'] }))).toMatchObject({ kind: 'join_waitlist', why: 'others_waiting' });
  // A full stage is full, locked or not.
  expect(stageOffer(facts({ djids: ['a', 'b'], stageLocked: true }))).toMatchObject({ why: 'full' });
  // A locked waitlist is said, so the page can show the button as not working.
  expect(stageOffer(facts({ djids: ['a', 'b'], waitlistLocked: true }))).toMatchObject({ waitlistLocked: true });
});

test('a moderator steps up to a free spot on a locked stage and past people waiting, but not onto a full one', () => {
  expect(stageOffer(facts({ moderator: true, stageLocked: true }))).toEqual({ kind: 'step_up' });
  expect(stageOffer(facts({ moderator: true, waitlist: ['c'] }))).toEqual({ kind: 'step_up' });
  expect(stageOffer(facts({ moderator: true, djids: ['a', 'b'] }))).toMatchObject({ kind: 'join_waitlist' });
});
