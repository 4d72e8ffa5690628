import { describe, expect, test } from 'vitest';
import type { SocialAccount } from '@platter/contract';
import { bannerState } from './banner-state';

const account = (id: 'facebook' | 'twitter', fields: Partial<SocialAccount> = {}): SocialAccount => ({
  id,
  name: id === 'facebook' ? 'Facebook' : 'Twitter',
  available: true,
  reachable: true,
  connected: false,
  profile_image: null,
  screen_name: null,
  login_path: `/${id}_login`,
  unattach_path: `/${id}_unattach/`,
  ...fields,
});

const shown = { hideBanner: false, hideError: false, clicked: false };
const clicked = { ...shown, clicked: true };

describe('the connect banner (spec §4)', () => {
  test('invites a member while either account is not linked', () => {
    const accounts = [account('facebook', { connected: true }), account('twitter')];
    expect(bannerState(true, accounts, shown, null)).toEqual({ kind: 'invite', unlinked: [accounts[1]] });
  });

  test('is hidden when both are linked, or the unlinked one is not set up here', () => {
    expect(
      bannerState(
        true,
        [account('facebook', { connected: true }), account('twitter', { connected: true })],
        shown,
        null,
      ),
    ).toEqual({ kind: 'hidden' });
    expect(
      bannerState(
        true,
        [account('facebook', { connected: true }), account('twitter', { available: false })],
        shown,
        null,
      ),
    ).toEqual({ kind: 'hidden' });
  });

  test('is for members: guests see no invitation', () => {
    expect(bannerState(false, [account('facebook'), account('twitter')], shown, null)).toEqual({ kind: 'hidden' });
  });

  test('once closed, stays closed, error included', () => {
    const closed = { hideBanner: true, hideError: true, clicked: false };
    const accounts = [account('facebook'), account('twitter')];
    expect(bannerState(true, accounts, closed, null)).toEqual({ kind: 'hidden' });
    expect(bannerState(true, accounts, closed, { kind: 'error', provider: 'twitter', reason: 'failed' })).toEqual({
      kind: 'hidden',
    });
  });

  test('reports a failed connection, to guests too (a failed sign-up through a provider)', () => {
    const accounts = [account('facebook'), account('twitter')];
    const arrival = { kind: 'error', provider: 'twitter', reason: 'unreachable' } as const;
    expect(bannerState(false, accounts, shown, arrival)).toEqual({
      kind: 'error',
      account: accounts[1],
      reason: 'unreachable',
    });
  });

  test('reports a connection started at the banner, even when both are now linked', () => {
    const accounts = [account('facebook', { connected: true }), account('twitter', { connected: true })];
    const arrival = { kind: 'connected', provider: 'facebook', outcome: 'connected' } as const;
    expect(bannerState(true, accounts, shown, arrival)).toEqual({ kind: 'hidden' });
    expect(bannerState(true, accounts, clicked, arrival)).toEqual({
      kind: 'connected',
      account: accounts[0],
      outcome: 'connected',
    });
  });

  test('welcomes a member who logged in or signed up through a provider', () => {
    const accounts = [account('facebook', { connected: true }), account('twitter')];
    const arrival = { kind: 'connected', provider: 'facebook', outcome: 'signup' } as const;
    expect(bannerState(true, accounts, shown, arrival)).toEqual({
      kind: 'connected',
      account: accounts[0],
      outcome: 'signup',
    });
  });
});
