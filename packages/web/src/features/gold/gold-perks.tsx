/** What Gold gives (docs/gold-web.md): Gold avatars, the emblem, 20% off paid stickers. */
import type { ReactElement } from 'react';
import { GOLD_PERKS } from './gold-terms';

const ICONS: Record<(typeof GOLD_PERKS)[number]['key'], ReactElement> = {
  avatars: (
    <svg viewBox="0 0 24 24" width="22" height="22">
      <circle cx="12" cy="8" r="4.5" fill="currentColor" />
      <path d="M3.5 21c0-4.4 3.8-7.5 8.5-7.5s8.5 3.1 8.5 7.5z" fill="currentColor" />
    </svg>
  ),
  emblem: (
    <svg viewBox="0 0 24 24" width="22" height="22">
      <path d="M12 2.5l2.9 6 6.6.8-4.9 4.5 1.3 6.5L12 17l-5.9 3.3 1.3-6.5-4.9-4.5 6.6-.8z" fill="currentColor" />
    </svg>
  ),
  stickers: (
    <svg viewBox="0 0 24 24" width="22" height="22">
      <path d="M3 12.2V4a1 1 0 0 1 1-1h8.2l9.3 9.3-9.2 9.2z" fill="currentColor" />
      <circle cx="7.5" cy="7.5" r="1.8" fill="#1c1608" />
    </svg>
  ),
};

export function GoldPerks() {
  return (
    <ul className="gold-perks" aria-label="What Gold gives you">
      {GOLD_PERKS.map((perk) => (
        <li key={perk.key} className="gold-perk">
          <span className="gold-perk__icon" aria-hidden="true">
            {ICONS[perk.key]}
          </span>
          <span className="gold-perk__title">{perk.title}</span>
          <span className="gold-perk__text">{perk.text}</span>
        </li>
      ))}
    </ul>
  );
}
