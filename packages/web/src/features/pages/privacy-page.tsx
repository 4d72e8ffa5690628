import type { ReactNode } from 'react';
import { pageConfig } from '../../lib/page-config';
import { ContactMissingNote, ContentPage, OperatorContact } from './content-page';

export function PrivacyPage({ footer }: { footer?: ReactNode }) {
  const name = pageConfig.productName;
  return (
    <ContentPage title="Privacy Policy" footer={footer}>
      <h1>Privacy Policy</h1>
      <p className="prose__lead">
        This page says what this {name} server stores about you, why, and who else sees it. In short: what you need to
        play music together, nothing for advertisers, and nothing sold.
      </p>

      <h2>What we store</h2>
      <dl className="prose__list">
        <dt>Your account</dt>
        <dd>
          Your DJ name, your email address (and a new one while it waits to be confirmed), your avatar, the profile
          details you choose to fill in, your DJ points, your fans and the people you're a fan of, your ignore list,
          your laptop stickers and your preferences.
        </dd>
        <dt>Your password</dt>
        <dd>
          Only as a slow, salted hash (argon2id). Nobody here can read your password, and we will never ask you for it.
        </dd>
        <dt>Your sessions</dt>
        <dd>
          For each device you use: a random sign-in token (kept only as a hash), when it was created and last used, and,
          where the app sends one, a device fingerprint we use against abuse.
        </dd>
        <dt>What you do here</dt>
        <dd>
          The rooms you create and join, the songs you play, your votes, your chat messages, and whether you are online,
          active or away. When someone reports a member, the recent chat they saw goes with the report so that it can be
          checked.
        </dd>
        <dt>Gold</dt>
        <dd>
          If you subscribe, your subscription's state. Your card is handled by the payment provider: we keep only its
          brand, last four digits, expiry date and ZIP code, so that you can recognise it.
        </dd>
        <dt>Linked accounts</dt>
        <dd>If you connect a social account, its id and profile picture. We never post for you unless you ask.</dd>
      </dl>

      <h2>Cookies</h2>
      <p>This site sets only the cookies it needs, all its own:</p>
      <ul>
        <li>
          <code>platterUserId</code>, <code>platterUserAuth</code> and <code>platterUserNamed</code> remember who you
          are on this device, for up to a year, until you log out.
        </li>
        <li>
          <code>setting_…</code> cookies remember choices you make on this device, such as a banner you closed (a year)
          or a headband you closed (21 days).
        </li>
      </ul>
      <p>There are no advertising cookies and no third-party analytics or trackers.</p>

      <h2>Who sees what</h2>
      <ul>
        <li>
          Everyone on this server sees what the app shows publicly: your DJ name, avatar, profile, points and fans, the
          room you're in, the songs you play and what you say in rooms.
        </li>
        <li>Your email address, password hash, sessions and card details are never shown to other people.</li>
        <li>
          The people who run this server can see what it stores, and use it only to run the service, keep it safe and
          handle reports.
        </li>
        <li>
          Outside this server, your data goes only where the service needs it: to the mail service that delivers our
          emails to you, to the payment provider if you buy Gold, and to the social network if you link one. Cover art
          and some pictures load from other sites, which see your IP address as any website would.
        </li>
        <li>We don't sell or rent your data, and we share it with authorities only when the law requires us to.</li>
      </ul>

      <h2>Keeping and deleting</h2>
      <p>
        We keep your account while you use it. To get a copy of your data, correct it or have your account deleted,
        write to <OperatorContact subject="My data" />. Deleting an account removes your profile, settings and sessions;
        a report that quotes your messages may be kept until it is settled. The server's logs may hold IP addresses for
        a short time, to fix problems and stop abuse.
      </p>
      <ContactMissingNote />
    </ContentPage>
  );
}
