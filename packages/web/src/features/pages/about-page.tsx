import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pageConfig } from '../../lib/page-config';
import { ContactMissingNote, ContentPage, OperatorContact } from './content-page';

export function AboutPage({ footer }: { footer?: ReactNode }) {
  const name = pageConfig.productName;
  return (
    <ContentPage title="About" footer={footer}>
      <h1>About {name}</h1>
      <p className="prose__lead">
        {name} is a place to play music together. People gather in themed rooms, take turns as the DJ, chat, and hear
        the same song at the same moment.
      </p>

      <h2>How it works</h2>
      <ul>
        <li>
          <strong>Rooms.</strong> The lobby lists the rooms that are open now. Pick one and you're in, listening with
          everyone else.
        </li>
        <li>
          <strong>DJs.</strong> Up to five people share a room's stage and play one song each, in turn. Anyone with an
          account can step up when there's a free spot.
        </li>
        <li>
          <strong>Votes.</strong> Listeners vote each song Awesome or Lame. Awesome votes earn the DJ points.
        </li>
        <li>
          <strong>Fans.</strong> Like someone's taste? Become their fan, and the Friends panel in the lobby shows which
          room they're in.
        </li>
        <li>
          <strong>Avatars and stickers.</strong> Points unlock more avatars, and you can decorate your laptop with
          stickers.
        </li>
      </ul>
      <p>
        You can listen as a guest straight away. <Link to="/signup">Sign up</Link> to DJ, collect points and fans, and
        create rooms of your own.
      </p>

      <h2>A server run by its community</h2>
      <p>
        This {name} is one independent server. The people who run it decide who may join, keep its rules (see the{' '}
        <Link to="/terms/">Terms of Service</Link>) and look after its data (see the{' '}
        <Link to="/privacy/">Privacy Policy</Link>). There is no central {name} service: accounts here belong to this
        server alone and are not shared with any other.
      </p>
      <p>
        The software is Platter, which anyone can run on their own machine with one command. The{' '}
        <a href="/static/faq.html">FAQ</a> explains how.
      </p>

      <h2 id="contact">Contact</h2>
      <p>
        Questions, trouble with your account, or something to report? Write to <OperatorContact subject={name} />.
        Copyright notices have their own page: <Link to="/copyright/">Copyright</Link>.
      </p>
      <ContactMissingNote />
      <p>
        To report someone's behaviour in a room, open their profile and choose Report User: the report includes the
        recent chat, so whoever handles it can see what happened.
      </p>
    </ContentPage>
  );
}
