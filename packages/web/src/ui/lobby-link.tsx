import { Link } from 'react-router';

/** A button home to the lobby: its words in full, and shorter on a phone (ui/buttons.css). */
export function LobbyLink({ full, short, className }: { full: string; short: string; className?: string }) {
  return (
    <Link className={className ? `button ${className}` : 'button'} to="/" aria-label={full}>
      <span className="lobby-link__full" aria-hidden="true">
        {full}
      </span>
      <span className="lobby-link__short" aria-hidden="true">
        {short}
      </span>
    </Link>
  );
}
