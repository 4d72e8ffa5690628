/**
 * The Gold emblem (spec §2, §6): beside a Gold member's name wherever the
 * page shows one. The full pill reads "★ Gold"; the compact one, for tight
 * places such as the header, is the star alone, still named for screen readers.
 */
import { commonMessages } from '@platter/contract';
import './gold-emblem.css';

interface GoldEmblemProps {
  /** The member's subscription_level: Gold means above 0; otherwise nothing is drawn. */
  level: number;
  compact?: boolean;
  className?: string;
}

export function GoldEmblem({ level, compact = false, className = '' }: GoldEmblemProps) {
  if (level <= 0) return null;
  return (
    <span
      className={`gold-emblem${compact ? ' gold-emblem--compact' : ''} ${className}`.trim()}
      title={commonMessages.goldMember}
    >
      <span aria-hidden="true">★</span>
      {compact ? <span className="visually-hidden">Gold</span> : ' Gold'}
    </span>
  );
}
