import type { z } from 'zod';

/** zod's own wording, used only when a schema gives no message of its own. */
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Expected|Unrecognized)/;

/**
 * One readable sentence for a failed field. The spec's §5 messages pass
 * through word for word; zod's generic wording is rewritten to name the field.
 */
export function describeIssue(issue: z.core.$ZodIssue, raw: unknown): string {
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  // Either-or inputs (a link's token, or a form): speak of the form the caller meant. That is
  // one whose fields were given but wrong (the one with fewest complaints), else the last
  // form, since a call lists its plain form after its token form.
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const branches = issue.errors.map((branch) =>
      branch.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] }) as z.core.$ZodIssue),
    );
    const given = branches.filter((branch) => branch.some((inner) => valueAt(raw, inner.path) !== undefined));
    const closest = given.length
      ? given.reduce((best, branch) => (branch.length <= best.length ? branch : best))
      : branches.at(-1);
    const first = closest?.[0];
    if (first) return describeIssue(first, raw);
  }
  const field = issue.path.map(String).join('.') || 'request';
  const value = valueAt(raw, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined || value === null
        ? `The field '${field}' is required.`
        : `The field '${field}' must be ${article(issue.expected)}.`;
    // A number is not long or short: `limit=0` is "at least 1", not "too short".
    case 'too_big':
      return isNumeric(issue.origin)
        ? `The field '${field}' must be at most ${String(issue.maximum)}.`
        : `The field '${field}' is too long (at most ${String(issue.maximum)}).`;
    case 'too_small':
      return isNumeric(issue.origin)
        ? `The field '${field}' must be at least ${String(issue.minimum)}.`
        : `The field '${field}' is too short (at least ${String(issue.minimum)}).`;
    case 'invalid_value':
      return `The field '${field}' must be one of: ${issue.values.map(String).join(', ')}.`;
    default:
      return `The field '${field}' is not valid.`;
  }
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (at, key) => (at && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined),
    raw,
  );
}

function isNumeric(origin: string): boolean {
  return origin === 'number' || origin === 'bigint';
}

function article(expected: string): string {
  if (expected === 'object') return 'an object';
  if (expected === 'array') return 'a list';
  return `a ${expected}`;
}
