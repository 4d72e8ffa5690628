import { expect, test } from 'vitest';
import { paymentReturnPlace } from './payment-return';

test('the credit card screen returns to accounts unless it was opened from Gold or the sticker editor', () => {
  expect(paymentReturnPlace(null)).toBe('/account');
  expect(paymentReturnPlace({})).toBe('/account');
  expect(paymentReturnPlace({ returnTo: '/gold' })).toBe('/gold');
  expect(paymentReturnPlace({ returnTo: '/profile/stickers' })).toBe('/profile/stickers');
  expect(paymentReturnPlace({ returnTo: 'https://evil.example/' })).toBe('/account');
});
