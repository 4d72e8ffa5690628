/** Cookies, and the `setting_` preferences kept in them (spec §3, §9: 365 days by default). */
import { SETTING_COOKIE_DAYS, SETTING_COOKIE_PREFIX } from '@platter/contract';

export function getCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

export function setCookie(name: string, value: string, days: number): void {
  const expires = new Date(Date.now() + days * 86_400_000).toUTCString();
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax${secure}`;
}

export function removeCookie(name: string): void {
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`;
}

export function getSetting(name: string): string | null {
  return getCookie(SETTING_COOKIE_PREFIX + name);
}

export function setSetting(name: string, value: string, days = SETTING_COOKIE_DAYS): void {
  setCookie(SETTING_COOKIE_PREFIX + name, value, days);
}
