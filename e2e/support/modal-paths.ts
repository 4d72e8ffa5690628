/** The modal routes of spec §2 (without their leading slash), one list for every journey that visits them all. */

/** Those a member opens over the lobby. */
export const MEMBER_MODAL_PATHS = [
  'profile',
  'profile/abc123',
  'profile/abc123/fanned',
  'profile/abc123/fans',
  'profile/abc123/report',
  'profile/avatar',
  'profile/edit',
  'profile/stickers',
  'account',
  'account/payment',
  'account/social',
  'account/contact',
  'account/ignore',
  'create-room',
  'graphics',
  'gold',
] as const;

/** Those shown to a guest (a member is sent on from them, or sees them as a guest does). */
export const GUEST_MODAL_PATHS = ['reset-password', 'signup', 'signup/email', 'signup/social', 'login'] as const;
