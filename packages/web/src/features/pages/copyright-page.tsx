import type { ReactNode } from 'react';
import { copyrightPageMessages as say } from '@platter/contract';
import { pageConfig } from '../../lib/page-config';
import { ContactMissingNote, ContentPage, SiteProse, SiteProseList } from './content-page';

export function CopyrightPage({ footer }: { footer?: ReactNode }) {
  return (
    <ContentPage title={say.title} footer={footer}>
      <h1>{say.title}</h1>
      <p className="prose__lead">{say.lead(pageConfig.productName)}</p>

      <h2>{say.reportingHeading}</h2>
      <p>
        <SiteProse text={say.reporting} />
      </p>
      <SiteProseList items={say.notice} ordered />
      <p>{say.removal}</p>

      <h2>{say.counterHeading}</h2>
      <p>{say.counter}</p>

      <h2>{say.repeatHeading}</h2>
      <p>
        <SiteProse text={say.repeat} />
      </p>
      <ContactMissingNote />
    </ContentPage>
  );
}
