/**
 * The lobby's right column (spec §2): friends panel, news box, the panel for
 * people (a member's card or a guest's invitation), the app box and the
 * footer, top to bottom; and the headband and the connect banner that sit above the lobby.
 */
import { Footer } from '../features/footer/footer';
import { FriendsPanel } from '../features/friends/friends-panel';
import { Headbands } from '../features/headband/headbands';
import { InstallBox } from '../features/install-app/install-box';
import { MembersPanel } from '../features/members-panel/members-panel';
import { NewsBox } from '../features/news/news-box';
import { WelcomeTour } from '../features/tour/welcome-tour';
import { ConnectBanner } from '../features/social/connect-banner';

/** modalOpen: a modal is over the lobby, so the welcome tour waits until it closes. */
export function RightColumn({ modalOpen = false }: { modalOpen?: boolean }) {
  return (
    <div className="right-column">
      <FriendsPanel />
      <NewsBox />
      <MembersPanel />
      <InstallBox />
      <Footer />
      {/* The welcome tour points at the lobby's parts; it lives with the lobby's right column. */}
      {!modalOpen && <WelcomeTour />}
    </div>
  );
}

export function LobbyHeadband() {
  return (
    <>
      <Headbands />
      <ConnectBanner />
    </>
  );
}
