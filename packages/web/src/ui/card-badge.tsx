/**
 * A card brand's badge (spec §2: a card-brand image for Visa, American
 * Express, MasterCard, Discover, Diners Club, JCB). Our own drawing, not the
 * brands' logos: a small card in a colour of the brand's with its name or
 * initials, and a plain card while the brand is not known.
 */
import type { CardBrand } from '@platter/contract';
import './card-badge.css';

interface BadgeLook {
  name: string;
  label: string;
  from: string;
  to: string;
  text: string;
  italic?: boolean;
}

const LOOKS: Record<Exclude<CardBrand, 'unknown'>, BadgeLook> = {
  visa: { name: 'Visa', label: 'VISA', from: '#2a3591', to: '#141a5c', text: '#ffffff', italic: true },
  'american-express': { name: 'American Express', label: 'AMEX', from: '#3d8fd6', to: '#1f5fa3', text: '#ffffff' },
  mastercard: { name: 'MasterCard', label: 'MC', from: '#f2a23a', to: '#d9432b', text: '#ffffff' },
  discover: { name: 'Discover', label: 'DISC', from: '#ffb066', to: '#ef7d1a', text: '#2b1605' },
  'diners-club': { name: 'Diners Club', label: 'DC', from: '#e9edf2', to: '#aab4c0', text: '#0b4f86' },
  jcb: { name: 'JCB', label: 'JCB', from: '#3cb371', to: '#1c7a46', text: '#ffffff' },
};

/** The brand's name as people say it ('American Express'), or null when unknown. */
export function cardBrandName(brand: CardBrand): string | null {
  return brand === 'unknown' ? null : LOOKS[brand].name;
}

interface CardBadgeProps {
  brand: CardBrand;
  width?: number;
  /** Beside words that already name the brand. */
  decorative?: boolean;
}

export function CardBadge({ brand, width = 44, decorative = false }: CardBadgeProps) {
  const height = Math.round((width * 28) / 44);
  if (brand === 'unknown') {
    return (
      <svg
        className="card-badge card-badge--unknown"
        width={width}
        height={height}
        viewBox="0 0 44 28"
        aria-hidden="true"
      >
        <rect x="0.75" y="0.75" width="42.5" height="26.5" rx="4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <rect x="6" y="9" width="8" height="6" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.2" />
        <rect x="6" y="19" width="22" height="2" rx="1" fill="currentColor" opacity="0.6" />
      </svg>
    );
  }
  const look = LOOKS[brand];
  const gradient = `card-badge-${brand}`;
  return (
    <svg
      className={`card-badge card-badge--${brand}`}
      width={width}
      height={height}
      viewBox="0 0 44 28"
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': look.name })}
    >
      {!decorative && <title>{look.name}</title>}
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={look.from} />
          <stop offset="1" stopColor={look.to} />
        </linearGradient>
      </defs>
      <rect width="44" height="28" rx="4" fill={`url(#${gradient})`} />
      <rect x="5" y="6" width="7" height="5" rx="1.2" fill="#f4d58a" opacity="0.85" />
      <text
        x="39"
        y="22"
        textAnchor="end"
        fill={look.text}
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
        fontSize={look.label.length > 3 ? 9.5 : 11}
        fontWeight="800"
        fontStyle={look.italic ? 'italic' : 'normal'}
        letterSpacing="0.3"
      >
        {look.label}
      </text>
    </svg>
  );
}
