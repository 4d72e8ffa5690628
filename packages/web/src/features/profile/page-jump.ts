/** The fan lists' page-jump box (spec §5): a number from 1 to the page total. */
import { profileMessages } from '@platter/contract';

export type PageJump = { ok: true; pageNumber: number } | { ok: false; message: string };

/** Reads what was typed (one-based, as shown) and gives the API's zero-based page_number. */
export function checkPageJump(typed: string, pages: number): PageJump {
  const total = Math.max(1, pages);
  const text = typed.trim();
  const page = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(page) || page < 1 || page > total) {
    return { ok: false, message: profileMessages.pageOutOfRange(total) };
  }
  return { ok: true, pageNumber: page - 1 };
}
