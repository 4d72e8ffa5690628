/**
 * Human verification (spec §7: "a human-verification script is loaded and its
 * token is sent as captcha"). Off by default; with CAPTCHA_PROVIDER set to
 * turnstile or hcaptcha, sign-up and login send the widget's token, and the
 * server asks the provider's siteverify endpoint whether a person made it.
 */
import type { Config } from '../config';
import { ApiError } from '../api/errors';

type Captcha = NonNullable<Config['captcha']>;

export const captchaMessages = {
  missing: "Please confirm you're a person (the check above the button) and try again.",
  failed: "We couldn't confirm you're a person. Please try the check again.",
  unavailable: "We couldn't check that you're a person just now. Please try again in a moment.",
} as const;

const VERIFY_TIMEOUT_MS = 5_000;

/** Throws unless the provider vouches for `token`; does nothing when verification is off. */
export async function requireHuman(captcha: Config['captcha'], token: string | undefined, ip: string): Promise<void> {
  if (!captcha) return;
  if (!token?.trim()) throw new ApiError(captchaMessages.missing, 'invalid');
  const verdict = await askProvider(captcha, token.trim(), ip);
  if (verdict === 'unavailable') throw new ApiError(captchaMessages.unavailable, 'invalid');
  if (verdict !== 'human') throw new ApiError(captchaMessages.failed, 'invalid');
}

/** Both providers take the same form (secret, response, remoteip) and answer {success, …}. */
async function askProvider(captcha: Captcha, token: string, ip: string): Promise<'human' | 'not' | 'unavailable'> {
  const form = new URLSearchParams({ secret: captcha.secret, response: token, remoteip: ip });
  if (captcha.provider === 'hcaptcha') form.set('sitekey', captcha.siteKey);
  try {
    const response = await fetch(captcha.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!response.ok) return 'unavailable';
    const answer = (await response.json()) as { success?: unknown };
    return answer.success === true ? 'human' : 'not';
  } catch {
    return 'unavailable';
  }
}

/** Where the provider's widget comes from, for the page's Content-Security-Policy. */
export function captchaSources(captcha: Config['captcha']): string[] {
  if (!captcha) return [];
  return captcha.provider === 'turnstile'
    ? ['https://challenges.cloudflare.com']
    : ['https://hcaptcha.com', 'https://*.hcaptcha.com'];
}
