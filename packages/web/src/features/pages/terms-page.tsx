import type { ReactNode } from 'react';
import { termsPageMessages as say } from '@platter/contract';
import { pageConfig } from '../../lib/page-config';
import { ContactMissingNote, ContentPage, SiteProse, SiteProseList } from './content-page';

export function TermsPage({ footer }: { footer?: ReactNode }) {
  return (
    <ContentPage title={say.title} footer={footer}>
      <h1>{say.title}</h1>
      <p className="prose__lead">{say.lead(pageConfig.productName)}</p>
      <p className="prose__note">{say.note}</p>

      <h2>{say.accountHeading}</h2>
      <SiteProseList items={say.account} />

      <h2>{say.neighbourHeading}</h2>
      <p>{say.neighbour}</p>
      <SiteProseList items={say.neighbourDont} />
      <p>{say.reports}</p>

      <h2>{say.musicHeading}</h2>
      <SiteProseList items={say.music} />

      <h2>{say.goldHeading}</h2>
      <p>{say.gold}</p>

      <h2>{say.wrongHeading}</h2>
      <SiteProseList items={say.wrong} />

      <h2>{say.changesHeading}</h2>
      <p>
        <SiteProse text={say.changes} />
      </p>
      <ContactMissingNote />
    </ContentPage>
  );
}
