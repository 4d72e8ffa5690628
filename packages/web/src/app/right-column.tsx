/**
 * The lobby's right column (spec §2): friends panel, news box, the panel for
 * people (a member's card or a guest's invitation), the app box and the
 * footer, top to bottom; and the headband that sits above the lobby.
 */
import { Footer } from '../features/footer/footer';
import { FriendsPanel } from '../features/friends/friends-panel';
import { Headbands } from '../features/headband/headbands';
import { InstallBox } from '../features/install-app/install-box';
import { MembersPanel } from '../features/members-panel/members-panel';
import { NewsBox } from '../features/news/news-box';

export function RightColumn() {
  return (
    <div className="right-column">
      <FriendsPanel />
      <NewsBox />
      <MembersPanel />
      <InstallBox />
      <Footer />
    </div>
  );
}

export function LobbyHeadband() {
  return <Headbands />;
}
