/** The parts of the OAuth adapter that need no provider: sealed flows, and reading an identity from claims. */
import { describe, expect, test } from 'vitest';
import { identityFrom } from './identity';
import { openFlow, sealFlow, type PendingFlow } from './sealed-flow';

const flow: PendingFlow = {
  state: 'state',
  codeVerifier: 'verifier',
  nonce: 'nonce',
  userId: 'abc',
  returnTo: '/account/social',
  expiresAt: 2_000,
};

describe('sealed flows', () => {
  test('open with the same secret and purpose, before they expire', () => {
    const sealed = sealFlow(flow, 'secret', 'social-flow:facebook');
    expect(sealed).not.toContain('verifier');
    expect(openFlow(sealed, 'secret', 'social-flow:facebook', 1_000)).toEqual(flow);
    expect(openFlow(sealed, 'secret', 'social-flow:facebook', 2_000)).toBeNull();
  });

  test('a different secret or purpose, a changed byte, or garbage opens nothing', () => {
    const sealed = sealFlow(flow, 'secret', 'social-flow:facebook');
    expect(openFlow(sealed, 'other secret', 'social-flow:facebook', 1_000)).toBeNull();
    expect(openFlow(sealed, 'secret', 'social-flow:twitter', 1_000)).toBeNull();
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[20] = (bytes[20] ?? 0) ^ 1;
    expect(openFlow(bytes.toString('base64url'), 'secret', 'social-flow:facebook', 1_000)).toBeNull();
    for (const junk of [undefined, '', 'abc', 'x'.repeat(5000)]) {
      expect(openFlow(junk, 'secret', 'social-flow:facebook', 1_000)).toBeNull();
    }
  });
});

describe('identityFrom', () => {
  const paths = { id: 'sub', name: 'name', image: 'picture', screenName: 'preferred_username' };

  test('reads the standard claims', () => {
    expect(
      identityFrom(
        { sub: 'u1', name: ' Ada ', picture: 'https://img.example/a.png', preferred_username: 'ada' },
        paths,
      ),
    ).toEqual({ id: 'u1', name: 'Ada', image: 'https://img.example/a.png', screenName: 'ada' });
  });

  test('follows dotted paths, and takes a numeric id as text', () => {
    const twitterLike = {
      data: { id: 12345, name: 'Tweety', username: 'tweety', profile_image_url: 'https://x.example/p.jpg' },
    };
    expect(
      identityFrom(twitterLike, {
        id: 'data.id',
        name: 'data.name',
        image: 'data.profile_image_url',
        screenName: 'data.username',
      }),
    ).toEqual({ id: '12345', name: 'Tweety', image: 'https://x.example/p.jpg', screenName: 'tweety' });
  });

  test('drops what cannot be trusted: a non-http picture, control characters, an overlong name', () => {
    const identity = identityFrom(
      { sub: 'u2', name: `A\u0000da${'x'.repeat(200)}`, picture: 'javascript:alert(1)' },
      paths,
    );
    expect(identity.image).toBeNull();
    expect(identity.name).toMatch(/^Adax+$/);
    expect(identity.name).toHaveLength(100);
    expect(identityFrom({ sub: 'u3', picture: 'data:image/png;base64,AAAA' }, paths).image).toBeNull();
  });

  test('no usable id is an error', () => {
    for (const sub of [undefined, '', 1.5, { id: 1 }, 'x'.repeat(300)]) {
      expect(() => identityFrom({ sub }, paths)).toThrow(/no usable 'sub' claim/);
    }
  });
});
