/**
 * The lobby's right column (spec §2): friends panel, news box, the panel for
 * people (a member's card or a guest's invitation), the app box and the
 * footer, top to bottom; and the headband and the connect banner that sit above the lobby.
 */
import { Footer } from '../features/footer/footer';
import { FriendsPanel } from '../features/friends/friends-panel';
import { useFriendsKnown } from '../features/friends/use-directory-graph';
import { useSession } from '../session/use-session';
import { Headbands } from '../features/headband/headbands';
import { InstallBox } from '../features/install-app/install-box';
import { MembersPanel } from '../features/members-panel/members-panel';
import { NewsBox } from '../features/news/news-box';
import { useNews } from '../features/news/use-news';
import { WelcomeTour } from '../features/tour/welcome-tour';
import { ConnectBanner } from '../features/social/connect-banner';
import { useHeadbands } from '../features/headband/use-headbands';

/** modalOpen: a modal is over the lobby, so the welcome tour waits until it closes. */
export function RightColumn({ modalOpen = false }: { modalOpen?: boolean }) {
  // The news and a member's friends are the column's parts of unknown length: the column waits
  // for them and paints whole, so the panels under them do not move when they arrive
  // (docs/lobby.md: layout slots).
  const news = useNews();
  const friendsKnown = useFriendsKnown(useSession().data);
  if (news.isLoading || !friendsKnown) return null;
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

/**
 * Whether the headbands are known (a list, none, or a failure): the lobby paints its top once
 * they are, so that bars arriving above the header move nothing (docs/lobby.md: layout slots).
 */
export function useHeadbandsSettled(): boolean {
  const headbands = useHeadbands();
  // Not asked (a framed page, no session yet) counts as known: nothing will arrive.
  return !headbands.isLoading;
}

export function LobbyHeadband() {
  return (
    <>
      <Headbands />
      <ConnectBanner />
    </>
  );
}
