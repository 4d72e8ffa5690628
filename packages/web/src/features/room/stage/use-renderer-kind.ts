/**
 * The renderer a room starts with, chosen once (renderer-choice.ts): after the
 * session and its preferences are known, so a member who turned WebGL off never
 * gets a WebGL canvas first. A renderer that fails to start falls back to the DOM.
 */
import { useState } from 'react';
import { usePreferences, useSession } from '../../../session/use-session';
import { browserHasWebgl, chooseRenderer, type RendererKind } from './renderer-choice';

export function useRendererKind(): { kind: RendererKind | null; fail: () => void } {
  const session = useSession();
  const preferences = usePreferences();
  const known = session.isSuccess ? !preferences.isPending : session.isError;
  const [chosen, setChosen] = useState<RendererKind | null>(null);
  const [failed, setFailed] = useState(false);
  if (known && chosen === null) {
    setChosen(chooseRenderer({ webglDisabled: preferences.data?.disable_webgl, webglAvailable: browserHasWebgl() }));
  }
  return { kind: failed ? 'dom' : chosen, fail: () => setFailed(true) };
}
