/**
 * The renderer a room starts with, chosen once (renderer-choice.ts): after the
 * session and its preferences are known, so a member who turned WebGL off never
 * gets a WebGL canvas first, and after the device's WebGL was probed (once per
 * page, after a render: lib/stage-drawing.ts). A renderer that fails to start,
 * or whose frames keep missing their budget, falls back to the DOM; the reason
 * is kept for the Graphics modal.
 */
import { useState } from 'react';
import { reportStageFallback, useWebglProbe, type StageFallback } from '../../../lib/stage-drawing';
import { usePreferences, useSession } from '../../../session/use-session';
import { chooseRenderer, type RendererKind } from './renderer-choice';

export function useRendererKind(): { kind: RendererKind | null; fail: (reason: StageFallback) => void } {
  const session = useSession();
  const preferences = usePreferences();
  const known = session.isSuccess ? !preferences.isPending : session.isError;
  const webglDisabled = preferences.data?.disable_webgl;
  // No probe, no throw-away context, for a member who turned WebGL off.
  const webgl = useWebglProbe(known && webglDisabled !== true);
  const [chosen, setChosen] = useState<RendererKind | null>(null);
  const [failed, setFailed] = useState(false);
  if (known && chosen === null && (webglDisabled === true || webgl !== undefined)) {
    setChosen(chooseRenderer({ webglDisabled, webgl: webgl ?? 'none' }));
  }
  const fail = (reason: StageFallback) => {
    reportStageFallback(reason);
    setFailed(true);
  };
  return { kind: failed ? 'dom' : chosen, fail };
}
