import { Link, useLocation, useNavigate, type LinkProps, type NavigateOptions } from 'react-router';

export interface BackgroundState {
  backgroundLocation?: ReturnType<typeof useLocation>;
}

/** The page a modal route is shown over: the one recorded when it opened, else this one. */
function useBackgroundLocation() {
  const location = useLocation();
  const state = location.state as BackgroundState | null;
  return state?.backgroundLocation ?? location;
}

/** A link that opens a modal route over the page you are on (the background-location pattern). */
export function ModalLink(props: LinkProps) {
  const backgroundLocation = useBackgroundLocation();
  return <Link {...props} state={{ backgroundLocation } satisfies BackgroundState} />;
}

/** Moves to another modal route (the next step of a form) over the same page behind. */
export function useModalNavigate() {
  const navigate = useNavigate();
  const backgroundLocation = useBackgroundLocation();
  return (to: string, options: Omit<NavigateOptions, 'state'> & { state?: Record<string, unknown> } = {}) =>
    navigate(to, { ...options, state: { ...options.state, backgroundLocation } satisfies BackgroundState });
}
