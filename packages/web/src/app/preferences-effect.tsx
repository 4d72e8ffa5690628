import { useEffect } from 'react';
import { usePreferences } from '../session/use-session';

/** Loads the member's preferences after startup (spec §4) and lets the page's styles follow them. */
export function PreferencesEffect() {
  const { data } = usePreferences();
  useEffect(() => {
    const root = document.documentElement;
    root.toggleAttribute('data-no-animation', data?.disable_animation ?? false);
    root.toggleAttribute('data-no-zoom', data?.disable_zoom ?? false);
    // Read by a room's renderer when it starts (the Graphics modal reloads a room when it changes).
    root.toggleAttribute('data-no-webgl', data?.disable_webgl ?? false);
  }, [data]);
  return null;
}
