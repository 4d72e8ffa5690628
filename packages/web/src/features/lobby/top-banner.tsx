/** Guests' top banner (spec §2): 'Play Music Together', a click signs up, the close control hides it for good. */
import { useState } from 'react';
import { lobbyMessages } from '@platter/contract';
import { getSetting, setSetting } from '../../lib/cookies';
import { ModalLink } from '../../ui/modal-link';

const HIDE_BANNER = 'hide_banner';

export function TopBanner() {
  const [hidden, setHidden] = useState(() => getSetting(HIDE_BANNER) === '1');
  if (hidden) return null;
  const close = () => {
    setSetting(HIDE_BANNER, '1');
    setHidden(true);
  };
  return (
    // A region of its own: guests' first words stand in a landmark like the rest of the page.
    <section className="top-banner" aria-label={lobbyMessages.bannerLabel}>
      <ModalLink to="/signup" className="top-banner__link">
        <strong>{lobbyMessages.bannerTitle}</strong>
        <span>{lobbyMessages.bannerText}</span>
      </ModalLink>
      <button type="button" className="top-banner__close" aria-label={lobbyMessages.hideBanner} onClick={close}>
        ×
      </button>
    </section>
  );
}
