/**
 * What this browser's WebGL is, asked once per page (docs/room.md, "Renderers"):
 * one throw-away context, made outside any render and cached, which also reads
 * the renderer's name (WEBGL_debug_renderer_info) so a device that draws WebGL
 * in software (no GPU, or a blocklisted one) is recognised before a room pays
 * for it: SwiftShader or llvmpipe keep the page's main thread busy all the time.
 */

export type WebglProbe =
  | { kind: 'hardware'; renderer: string | null }
  | { kind: 'software'; renderer: string }
  | { kind: 'none'; renderer: null };

// The software rasterisers browsers fall back to: Chromium's SwiftShader (also behind ANGLE),
// Mesa's llvmpipe and softpipe, and what Firefox and Windows call themselves then.
const SOFTWARE_RENDERERS = /swiftshader|llvmpipe|softpipe|software|microsoft basic render/i;

/** Whether a WebGL renderer's name is a software rasteriser's. */
export function isSoftwareRenderer(name: string): boolean {
  return SOFTWARE_RENDERERS.test(name);
}

let cached: WebglProbe | undefined;

/** The probe's answer if it was asked already: never makes a context. */
export function probedWebgl(): WebglProbe | undefined {
  return cached;
}

/** The probe's answer: the first call makes one context and lets it go; later calls reuse the answer. */
export function probeWebgl(): WebglProbe {
  cached ??= probe();
  return cached;
}

function probe(): WebglProbe {
  try {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!context) return { kind: 'none', renderer: null };
    const info = context.getExtension('WEBGL_debug_renderer_info');
    const named: unknown = info ? context.getParameter(info.UNMASKED_RENDERER_WEBGL) : null;
    const renderer = typeof named === 'string' ? named : null;
    context.getExtension('WEBGL_lose_context')?.loseContext();
    if (renderer !== null && isSoftwareRenderer(renderer)) return { kind: 'software', renderer };
    return { kind: 'hardware', renderer };
  } catch {
    return { kind: 'none', renderer: null };
  }
}
