import { Link, useLocation, useNavigate, type LinkProps, type NavigateOptions } from 'react-router';

export interface BackgroundState {
  backgroundLocation?: ReturnType<typeof useLocation>;
  /**
   * How many history entries the modals opened over the page have pushed: closing goes back
   * that many steps, so the page behind comes back as it was (and Forward reopens the modal).
   */
  modalDepth?: number;
}

/** The page a modal route is shown over (the one recorded when it opened, else this one), and the depth. */
function useBackground() {
  const location = useLocation();
  const state = location.state as BackgroundState | null;
  return { backgroundLocation: state?.backgroundLocation ?? location, depth: state?.modalDepth ?? 0 };
}

/** A link that opens a modal route over the page you are on (the background-location pattern). */
export function ModalLink(props: LinkProps) {
  const { backgroundLocation, depth } = useBackground();
  const modalDepth = props.replace ? depth : depth + 1;
  return <Link {...props} state={{ backgroundLocation, modalDepth } satisfies BackgroundState} />;
}

/** Moves to another modal route (the next step of a form) over the same page behind. */
export function useModalNavigate() {
  const navigate = useNavigate();
  const { backgroundLocation, depth } = useBackground();
  return (to: string, options: Omit<NavigateOptions, 'state'> & { state?: Record<string, unknown> } = {}) =>
    navigate(to, {
      ...options,
      state: {
        ...options.state,
        backgroundLocation,
        modalDepth: options.replace ? depth : depth + 1,
      } satisfies BackgroundState,
    });
}
