/** A page embedded in another site's frame makes no API calls (spec §2). */
export function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin parent refuses even the comparison: that is framed too.
    return true;
  }
}
