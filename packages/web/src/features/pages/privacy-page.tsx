import { Fragment, type ReactNode } from 'react';
import { privacyPageMessages as say } from '@platter/contract';
import { pageConfig } from '../../lib/page-config';
import { ContactMissingNote, ContentPage, SiteProse, SiteProseList } from './content-page';

export function PrivacyPage({ footer }: { footer?: ReactNode }) {
  return (
    <ContentPage title={say.title} footer={footer}>
      <h1>{say.title}</h1>
      <p className="prose__lead">{say.lead(pageConfig.productName)}</p>

      <h2>{say.storedHeading}</h2>
      <dl className="prose__list">
        {say.stored.map(({ term, text }) => (
          <Fragment key={term}>
            <dt>{term}</dt>
            <dd>{text}</dd>
          </Fragment>
        ))}
      </dl>

      <h2>{say.cookiesHeading}</h2>
      <p>{say.cookies}</p>
      <SiteProseList items={say.cookieList} />
      <p>{say.noTrackers}</p>

      <h2>{say.whoHeading}</h2>
      <SiteProseList items={say.who} />

      <h2>{say.keepingHeading}</h2>
      <p>
        <SiteProse text={say.keeping} />
      </p>
      <ContactMissingNote />
    </ContentPage>
  );
}
