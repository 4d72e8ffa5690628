import type { ReactNode } from 'react';
import { aboutPageMessages as say } from '@platter/contract';
import { pageConfig } from '../../lib/page-config';
import { ContactMissingNote, ContentPage, SiteProse, SiteProseList } from './content-page';

export function AboutPage({ footer }: { footer?: ReactNode }) {
  const name = pageConfig.productName;
  return (
    <ContentPage title={say.title} footer={footer}>
      <h1>{say.heading(name)}</h1>
      <p className="prose__lead">{say.lead(name)}</p>

      <h2>{say.howItWorks}</h2>
      <SiteProseList items={say.howItWorksPoints} />
      <p>
        <SiteProse text={say.guest} />
      </p>

      <h2>{say.communityHeading}</h2>
      <p>
        <SiteProse text={say.community(name)} />
      </p>
      <p>
        <SiteProse text={say.software} />
      </p>

      <h2 id="contact">{say.contactHeading}</h2>
      <p>
        <SiteProse text={say.contact(name)} />
      </p>
      <ContactMissingNote />
      <p>{say.reporting}</p>
    </ContentPage>
  );
}
