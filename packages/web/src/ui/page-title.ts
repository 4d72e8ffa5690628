import { useEffect } from 'react';
import { pageTitle } from '../lib/page-config';

/** Sets the document title to the product title plus this page's title (spec §2). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = pageTitle(title);
    return () => {
      document.title = previous;
    };
  }, [title]);
}
