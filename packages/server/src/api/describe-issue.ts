import type { z } from 'zod';

/** zod's own wording, used only when a schema gives no message of its own. */
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Expected|Unrecognized)/;

/**
 * One readable sentence for a failed field. The spec's §5 messages pass
 * through word for word; zod's generic wording is rewritten to name the field.
 */
export function describeIssue(issue: z.core.$ZodIssue, raw: unknown): string {
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  const field = issue.path.map(String).join('.') || 'request';
  const value = issue.path.reduce<unknown>(
    (at, key) => (at && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined),
    raw,
  );
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

function isNumeric(origin: string): boolean {
  return origin === 'number' || origin === 'bigint';
}

function article(expected: string): string {
  if (expected === 'object') return 'an object';
  if (expected === 'array') return 'a list';
  return `a ${expected}`;
}
