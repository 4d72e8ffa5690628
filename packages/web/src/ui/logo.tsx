import { Link } from 'react-router';
import { pageConfig } from '../lib/page-config';

/** The product's mark and name, a link home to the lobby. */
export function Logo() {
  return (
    <Link to="/" className="logo" aria-label={`${pageConfig.productName} home`}>
      <img src="/favicon.svg" alt="" width={32} height={32} />
      <span className="logo__name">{pageConfig.productName}</span>
    </Link>
  );
}
