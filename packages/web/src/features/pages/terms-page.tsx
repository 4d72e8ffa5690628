import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pageConfig } from '../../lib/page-config';
import { ContactMissingNote, ContentPage, OperatorContact } from './content-page';

export function TermsPage({ footer }: { footer?: ReactNode }) {
  const name = pageConfig.productName;
  return (
    <ContentPage title="Terms of Service" footer={footer}>
      <h1>Terms of Service</h1>
      <p className="prose__lead">
        These terms are the agreement between you and the people who run this {name} server ("we"). By using it, as a
        guest or with an account, you agree to them.
      </p>
      <p className="prose__note">
        They are the standard terms that come with the Platter software. The people who run this server may adapt them;
        the version on this page is the one that applies here.
      </p>

      <h2>1. Your account</h2>
      <ul>
        <li>You may listen as a guest. An account lets you DJ, vote, chat, become a fan and create rooms.</li>
        <li>
          Give a real email address you can read, keep your password to yourself, and tell us if you think someone else
          has used your account.
        </li>
        <li>
          You must be old enough to agree to use an online service where you live, and at least 13 years old in any
          case.
        </li>
        <li>Your DJ name is public. Don't pick one that impersonates someone else or that insults people.</li>
      </ul>

      <h2>2. Be a good neighbour</h2>
      <p>This is a shared space. Don't:</p>
      <ul>
        <li>harass, threaten or bully anyone, or attack people for who they are;</li>
        <li>post sexual content involving minors, or anything else that is illegal where this server runs;</li>
        <li>spam rooms or people, or run bots that others have not agreed to;</li>
        <li>pretend to be someone else, or to speak for the people who run this server;</li>
        <li>try to break into accounts or the server, overload it, or collect other people's data in bulk.</li>
      </ul>
      <p>
        Everyone can ignore a member (their chat disappears for you) or report them from their profile. We read reports
        and act on them.
      </p>

      <h2>3. Music and what you post</h2>
      <ul>
        <li>
          Play only music you have the right to share in a room. If you think something here infringes your copyright,
          see the <Link to="/copyright/">Copyright</Link> page.
        </li>
        <li>
          What you post (chat, your profile, the rooms you create) stays yours. You allow us to store it and show it to
          the people on this server, as the service needs to work.
        </li>
        <li>Room creators set their room's name and rules within these terms; we may rename or close any room.</li>
      </ul>

      <h2>4. Gold</h2>
      <p>
        Gold is an optional paid subscription that supports this server and adds extras such as Gold avatars. If this
        server offers it: it renews each period until you cancel; you can cancel at any time from Manage Account, and
        Gold then lasts until the end of the period you paid for. We don't refund partial periods unless the law
        requires it. Card payments are handled by a payment provider, never stored on this server.
      </p>

      <h2>5. When things go wrong</h2>
      <ul>
        <li>
          We may remove content, close rooms, and suspend or close accounts that break these terms, and we'll tell you
          why where we can.
        </li>
        <li>
          You may stop using the service at any time and ask us to delete your account: write to{' '}
          <OperatorContact subject="Delete my account" />.
        </li>
        <li>
          This server is run by its community, as is and as available: it may go down, change, lose data or shut down.
          As far as the law allows, we are not liable for indirect losses or for more than what you paid us in the last
          twelve months.
        </li>
      </ul>

      <h2>6. Changes</h2>
      <p>
        If we change these terms in a way that matters, we'll say so on the site (in the news box or a headband) before
        the change applies. Questions about them: <OperatorContact subject="Terms of Service" />.
      </p>
      <ContactMissingNote />
    </ContentPage>
  );
}
