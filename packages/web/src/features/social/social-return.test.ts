import { describe, expect, test } from 'vitest';
import { readSocialReturn, withoutSocialReturn } from './social-return';

describe('readSocialReturn', () => {
  test('a connection, with what it was', () => {
    expect(readSocialReturn('?social_connected=facebook&social_outcome=signup')).toEqual({
      kind: 'connected',
      provider: 'facebook',
      outcome: 'signup',
    });
    expect(readSocialReturn('?social_connected=twitter')).toEqual({
      kind: 'connected',
      provider: 'twitter',
      outcome: 'connected',
    });
  });

  test('a failure, with its reason; an unknown reason is a plain failure', () => {
    expect(readSocialReturn('?social_error=unreachable&social_provider=twitter')).toEqual({
      kind: 'error',
      provider: 'twitter',
      reason: 'unreachable',
    });
    expect(readSocialReturn('?social_error=weird&social_provider=facebook')).toMatchObject({ reason: 'failed' });
  });

  test('nothing, or an unknown provider, is nothing', () => {
    expect(readSocialReturn('')).toBeNull();
    expect(readSocialReturn('?view=favorites')).toBeNull();
    expect(readSocialReturn('?social_connected=myspace')).toBeNull();
    expect(readSocialReturn('?social_error=failed&social_provider=myspace')).toBeNull();
  });
});

test('withoutSocialReturn keeps the other parameters', () => {
  expect(withoutSocialReturn('?social_connected=facebook&social_outcome=login')).toBe('');
  expect(withoutSocialReturn('?view=favorites&social_error=failed&social_provider=twitter')).toBe('?view=favorites');
});
