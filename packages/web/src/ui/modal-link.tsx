import { Link, useLocation, type LinkProps } from 'react-router';

export interface BackgroundState {
  backgroundLocation?: ReturnType<typeof useLocation>;
}

/** A link that opens a modal route over the page you are on (the background-location pattern). */
export function ModalLink(props: LinkProps) {
  const location = useLocation();
  const state = location.state as BackgroundState | null;
  const backgroundLocation = state?.backgroundLocation ?? location;
  return <Link {...props} state={{ backgroundLocation } satisfies BackgroundState} />;
}
