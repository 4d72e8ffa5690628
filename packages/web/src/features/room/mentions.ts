/** True when the text names `name` as @name (any case), not as part of a longer word. */
export function mentions(text: string, name: string): boolean {
  const at = `@${name}`.toLowerCase();
  const lower = text.toLowerCase();
  for (let index = lower.indexOf(at); index >= 0; index = lower.indexOf(at, index + 1)) {
    const after = lower.charAt(index + at.length);
    if (!/[\p{L}\p{N}_]/u.test(after)) return true;
  }
  return false;
}
