/**
 * The welcome tour (spec §2): an overlay that points at the lobby's parts one
 * step at a time, with Next, Back, Done and Skip. It shows once for a new
 * member (welcome.ts) and again on request (/?tour=welcome). Keyboard: focus
 * stays in the card, Escape skips, the arrow keys step.
 */
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useLocation, useNavigate } from 'react-router';
import { pageConfig } from '../../lib/page-config';
import { useCurrentUser } from '../../session/use-session';
import { placeCard, visiblePart, type Box, type Placement } from './tour-placement';
import { welcomeSteps, type TourStep } from './tour-steps';
import { rememberWelcomeSeen, shouldShowWelcomeTour, TOUR_REQUEST, welcomeSeen } from './welcome';

export function WelcomeTour() {
  const user = useCurrentUser();
  // Drawn behind a modal, the lobby is given the lobby's location (the background-location
  // pattern), so useLocation() says "/" even while a modal is open. Whether the lobby is
  // showing on its own is the window's address; the app draws the lobby again at every change.
  useLocation();
  const { pathname } = window.location;
  const navigate = useNavigate();
  const search = new URLSearchParams(window.location.search);
  const requested = search.get(TOUR_REQUEST.param) === TOUR_REQUEST.value;
  // Read once: the tour that shows now marks the cookie, and must not hide itself by doing so.
  const [seen] = useState(welcomeSeen);
  const [closed, setClosed] = useState(false);
  const open =
    user !== undefined && pathname === '/' && shouldShowWelcomeTour(user, { seen: seen || closed, requested });

  useEffect(() => {
    if (open) rememberWelcomeSeen();
  }, [open]);

  const close = () => {
    setClosed(true);
    if (requested) {
      search.delete(TOUR_REQUEST.param);
      const rest = search.toString();
      navigate({ pathname: '/', search: rest ? `?${rest}` : '' }, { replace: true });
    }
  };

  if (!open) return null;
  return createPortal(
    <TourOverlay steps={welcomeSteps(pageConfig.productName, user.name)} onClose={close} />,
    document.body,
  );
}

interface Layout {
  spot: Box | null;
  place: Placement;
}

const SPOT_PADDING = 6;

function sameBox(x: Box | null, y: Box | null): boolean {
  if (x === null || y === null) return x === y;
  return x.top === y.top && x.left === y.left && x.width === y.width && x.height === y.height;
}

function sameLayout(a: Layout | null, b: Layout): boolean {
  if (!a) return false;
  return (
    sameBox(a.spot, b.spot) &&
    a.place.top === b.place.top &&
    a.place.left === b.place.left &&
    a.place.side === b.place.side
  );
}

function findTarget(step: TourStep): Element | null {
  const element = step.target ? document.querySelector(step.target) : null;
  // A part the page is not showing (display: none) has no boxes.
  return element && element.getClientRects().length > 0 ? element : null;
}

function TourOverlay({ steps, onClose }: { steps: TourStep[]; onClose: () => void }) {
  const [index, setIndex] = useState(0);
  const [layout, setLayout] = useState<Layout | null>(null);
  const card = useRef<HTMLDivElement>(null);
  const primary = useRef<HTMLButtonElement>(null);
  const ids = { title: useId(), text: useId() };
  const step = steps[index] ?? steps[0];
  const last = index === steps.length - 1;

  const next = useCallback(() => setIndex((i) => Math.min(i + 1, steps.length - 1)), [steps.length]);
  const back = useCallback(() => setIndex((i) => Math.max(i - 1, 0)), []);

  // Bring the step's part of the page into view, then follow it (and the card) as the page
  // scrolls, loads or changes size. When the page moves the part itself (more rooms load above
  // the friends panel on a phone), it is brought back into view; a reader's own scrolling is not
  // fought, because that does not move the part within the page.
  useEffect(() => {
    if (!step) return;
    let frame = 0;
    let anchoredAt: number | null = null;
    // A part that moves with the window (sticky, fixed) would be chased for ever: give up soon.
    let chases = 0;
    const bringIntoView = (target: Element, smooth: boolean) => {
      const rect = target.getBoundingClientRect();
      const calm = document.documentElement.hasAttribute('data-no-animation');
      const far = Math.abs(rect.top) > window.innerHeight * 1.5;
      const tall = rect.height > window.innerHeight * 0.6;
      target.scrollIntoView({
        block: tall ? 'start' : 'center',
        behavior: smooth && !calm && !far ? 'smooth' : 'auto',
      });
      anchoredAt = target.getBoundingClientRect().top + window.scrollY;
    };
    const first = findTarget(step);
    if (first) bringIntoView(first, true);

    const follow = () => {
      const viewport = { width: document.documentElement.clientWidth, height: window.innerHeight };
      const target = findTarget(step);
      if (target && anchoredAt !== null) {
        const placedAt = target.getBoundingClientRect().top + window.scrollY;
        if (Math.abs(placedAt - anchoredAt) > 4 && chases < 10) {
          chases += 1;
          bringIntoView(target, false);
        }
      }
      const rect = target?.getBoundingClientRect();
      const spot = rect
        ? visiblePart(
            {
              top: rect.top - SPOT_PADDING,
              left: rect.left - SPOT_PADDING,
              width: rect.width + SPOT_PADDING * 2,
              height: rect.height + SPOT_PADDING * 2,
            },
            viewport,
          )
        : null;
      const size = { width: card.current?.offsetWidth ?? 320, height: card.current?.offsetHeight ?? 200 };
      const nextLayout = { spot, place: placeCard(spot, size, viewport) };
      setLayout((current) => (sameLayout(current, nextLayout) ? current : nextLayout));
      frame = window.requestAnimationFrame(follow);
    };
    frame = window.requestAnimationFrame(follow);
    return () => window.cancelAnimationFrame(frame);
  }, [step]);

  // Focus comes into the card once it is placed (a hidden card cannot take it), and goes back
  // where it was when the tour ends.
  const placed = layout !== null;
  useEffect(() => {
    if (!placed) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    primary.current?.focus({ preventScroll: true });
    return () => before?.focus({ preventScroll: true });
  }, [placed]);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      else if (event.key === 'ArrowRight') next();
      else if (event.key === 'ArrowLeft') back();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose, next, back]);

  // Tab and Shift+Tab go round the card's buttons, never into the page behind.
  const trapFocus = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !card.current) return;
    const buttons = [...card.current.querySelectorAll<HTMLElement>('button:not([disabled])')];
    const first = buttons[0];
    const final = buttons[buttons.length - 1];
    if (!first || !final) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      final.focus();
    } else if (!event.shiftKey && document.activeElement === final) {
      event.preventDefault();
      first.focus();
    }
  };

  if (!step) return null;
  const spot = layout?.spot ?? null;
  return (
    <div className="tour" data-step={step.id}>
      <div className={`tour__shade${spot ? '' : ' is-dim'}`} aria-hidden="true" />
      {spot && (
        <div
          key={step.id}
          className="tour__spotlight"
          aria-hidden="true"
          style={{ top: spot.top, left: spot.left, width: spot.width, height: spot.height }}
        />
      )}
      <div
        ref={card}
        className={`tour__card tour__card--${layout?.place.side ?? 'center'}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={ids.title}
        aria-describedby={ids.text}
        style={{
          top: layout?.place.top ?? 0,
          left: layout?.place.left ?? 0,
          visibility: layout ? 'visible' : 'hidden',
        }}
        onKeyDown={trapFocus}
      >
        <p className="tour__progress" aria-live="polite">
          <span className="visually-hidden">{step.title}: </span>
          Step {index + 1} of {steps.length}
        </p>
        <h2 id={ids.title} className="tour__title">
          {step.title}
        </h2>
        <p id={ids.text} className="tour__text">
          {step.text}
        </p>
        <div className="tour__dots" aria-hidden="true">
          {steps.map((s, i) => (
            <span key={s.id} className={`tour__dot${i === index ? ' is-current' : ''}`} />
          ))}
        </div>
        <div className="tour__actions">
          {!last && (
            <button type="button" className="tour__skip" onClick={onClose}>
              Skip tour
            </button>
          )}
          {index > 0 && (
            <button type="button" className="button button--small" onClick={back}>
              Back
            </button>
          )}
          <button
            ref={primary}
            type="button"
            className="button button--primary button--small tour__next"
            onClick={last ? onClose : next}
          >
            {last ? 'Done' : 'Next'}
          </button>
        </div>
      </div>
    </div>
  );
}
