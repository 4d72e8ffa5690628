/** The lobby (spec §2): header, guests' banner, the room directory and the right column. */
import { useSearchParams } from 'react-router';
import { useSession } from '../../session/use-session';
import { usePageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { Header } from './header';
import { TopBanner } from './top-banner';

export function LobbyPage() {
  usePageTitle('play music together');
  const session = useSession();
  const user = session.data;
  const [params] = useSearchParams();
  const search = params.get('search');

  return (
    <div className="page">
      {user && !user.registered && <TopBanner />}
      <Header user={user} />
      <main className="lobby">
        <section className="lobby__main" aria-label="Rooms">
          {session.isPending ? (
            <Spinner label="Getting things ready…" />
          ) : session.isError ? (
            <p className="panel-message" role="alert">
              Sorry, we couldn't reach the server. Please refresh to try again.
            </p>
          ) : (
            <div className="panel-message">
              <h1 className="lobby__welcome">
                {user?.registered ? `Welcome back, ${user.name}!` : 'Welcome! You are listening as a guest.'}
              </h1>
              <p>
                {search
                  ? `Room search for “${search}” arrives with the room directory, which isn't built yet.`
                  : "The room directory isn't built yet. It's on its way in an upcoming release."}
              </p>
            </div>
          )}
        </section>
      </main>
    </div>
  );
}
