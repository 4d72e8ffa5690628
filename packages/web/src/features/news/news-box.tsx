/** The news box (spec §2): the staff's plain text, escaped, with its links clickable and its lines kept. */
import { useId } from 'react';
import { isFramed } from '../../lib/framed';
import { LinkedText } from '../../ui/linked-text';
import { useNews } from './use-news';

const dateFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

export function NewsBox() {
  const headingId = useId();
  const news = useNews();
  const content = news.data?.content.trim() ?? '';
  const updated = news.data?.updated ?? null;
  // A framed page makes no calls (spec §2), so it has no news to show.
  if (isFramed()) return null;

  return (
    <section className="aside-panel news" aria-labelledby={headingId}>
      <h2 id={headingId} className="aside-panel__title">
        News
        {updated !== null && content && (
          <time className="news__updated" dateTime={new Date(updated).toISOString()}>
            {dateFormat.format(updated)}
          </time>
        )}
      </h2>
      {content ? (
        <LinkedText className="news__text" text={content} />
      ) : (
        <p className="aside-panel__quiet">
          {news.isLoading ? 'Loading the news…' : news.isError ? "The news couldn't be loaded." : 'No news right now.'}
        </p>
      )}
    </section>
  );
}
