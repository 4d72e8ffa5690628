import { Link } from 'react-router';
import { usePageTitle } from '../../ui/page-title';

export function NotFoundPage() {
  usePageTitle('page not found');
  return (
    <main className="not-found">
      <h1>We couldn't find that page.</h1>
      <p>The link may be old, or the page may have moved.</p>
      <Link className="button button--primary" to="/">
        Go to the lobby
      </Link>
    </main>
  );
}
