/**
 * The browser's offer to install the page as an app. Chromium fires
 * `beforeinstallprompt` once, early, and only the page that kept the event can
 * show the offer later; so this module listens from the moment it loads and
 * keeps the event until the person asks to install.
 */

/** Chromium's event; not in TypeScript's DOM types because it is not a standard. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export interface InstallState {
  /** The browser has offered to install, and the offer is still unused. */
  canPrompt: boolean;
  /** Installed during this visit. */
  installed: boolean;
}

let offer: BeforeInstallPromptEvent | null = null;
let state: InstallState = { canPrompt: false, installed: false };
const listeners = new Set<() => void>();

function update(next: InstallState): void {
  state = next;
  for (const listener of [...listeners]) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser from showing its own bar: the page offers it in its app box.
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    update({ canPrompt: true, installed: false });
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    update({ canPrompt: false, installed: true });
  });
}

export function subscribeInstall(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function getInstallState(): InstallState {
  return state;
}

/** Shows the browser's install dialog; an offer can be used once. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const used = offer;
  if (!used) return 'unavailable';
  offer = null;
  update({ ...state, canPrompt: false });
  await used.prompt();
  const { outcome } = await used.userChoice;
  if (outcome === 'accepted') update({ canPrompt: false, installed: true });
  return outcome;
}

/** The page runs as an installed app (its own window), not in a browser tab. */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}
