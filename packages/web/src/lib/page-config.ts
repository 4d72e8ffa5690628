import { DEFAULT_PRODUCT_NAME } from '@platter/contract';

export interface SocialLink {
  label: string;
  href: string;
}

/**
 * Settings the server writes into index.html (packages/server/src/http/web-app.ts).
 * `contactEmail` and `socialLinks` are optional: an instance without them gets
 * the defaults the footer and the content pages fall back to.
 */
export interface PageConfig {
  productName: string;
  /** Where people reach whoever runs this instance (content pages, footer). */
  contactEmail: string | null;
  /** The community's pages elsewhere, for the footer; null means "use the defaults". */
  socialLinks: SocialLink[] | null;
  /** The human-verification widget shown at sign-up and login (CAPTCHA_PROVIDER), or null when off. */
  captcha?: HumanCheckConfig | null;
}

export interface HumanCheckConfig {
  provider: 'turnstile' | 'hcaptcha';
  siteKey: string;
}

const FALLBACK: PageConfig = { productName: DEFAULT_PRODUCT_NAME, contactEmail: null, socialLinks: null };

function humanCheckOf(value: unknown): HumanCheckConfig | null {
  if (typeof value !== 'object' || value === null) return null;
  const { provider, siteKey } = value as Record<string, unknown>;
  if ((provider !== 'turnstile' && provider !== 'hcaptcha') || typeof siteKey !== 'string' || !siteKey) return null;
  return { provider, siteKey };
}

/** Reads what the server wrote, keeping only values of the right shape (and only http(s) links). */
export function parsePageConfig(text: string): PageConfig {
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    if (typeof parsed !== 'object' || parsed === null) return FALLBACK;
    const productName = typeof parsed.productName === 'string' && parsed.productName ? parsed.productName : null;
    const contactEmail =
      typeof parsed.contactEmail === 'string' && /^[^\s@]+@[^\s@]+$/.test(parsed.contactEmail)
        ? parsed.contactEmail
        : null;
    const socialLinks = Array.isArray(parsed.socialLinks)
      ? parsed.socialLinks.filter(
          (link): link is SocialLink =>
            typeof link === 'object' &&
            link !== null &&
            typeof (link as SocialLink).label === 'string' &&
            typeof (link as SocialLink).href === 'string' &&
            /^https?:\/\//i.test((link as SocialLink).href),
        )
      : null;
    const captcha = humanCheckOf(parsed.captcha);
    return {
      productName: productName ?? DEFAULT_PRODUCT_NAME,
      contactEmail,
      socialLinks,
      ...(captcha ? { captcha } : {}),
    };
  } catch {
    return FALLBACK;
  }
}

function read(): PageConfig {
  if (typeof document === 'undefined') return FALLBACK;
  return parsePageConfig(document.getElementById('platter-config')?.textContent ?? '{}');
}

export const pageConfig: PageConfig = read();

/** "Platter: play music together": the product title plus the page's own (spec §2). */
export function pageTitle(title: string): string {
  return `${pageConfig.productName}: ${title}`;
}
