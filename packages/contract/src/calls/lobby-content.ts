/** `headband.*` and `newsbox.*`: what the lobby's staff put in front of everyone (spec §2, §7). */
import { z } from 'zod';
import { callTable, defineCall } from '../define-call';
import { HEADBAND_CONTENT_MAX, NEWS_CONTENT_MAX } from '../constants';

export const headbandColors = ['red', 'orange', 'yellow', 'green', 'blue', 'purple', 'gray'] as const;

export const headband = z.object({
  id: z.string(),
  color: z.enum(headbandColors),
  content: z.string(),
});
export type Headband = z.infer<typeof headband>;

/** What the staff read when a headband or the news is refused. */
export const lobbyContentMessages = {
  headbandEmpty: 'A headband needs some text.',
  headbandTooLong: `Keep a headband under ${HEADBAND_CONTENT_MAX} characters.`,
  headbandNotFound: "Sorry, we couldn't find that headband.",
  newsTooLong: `Keep the news under ${NEWS_CONTENT_MAX} characters.`,
} as const;

export const lobbyContentCalls = callTable(
  defineCall({
    name: 'headband.get_headbands',
    method: 'GET',
    access: 'anyone',
    input: z.object({}),
    output: z.object({ headbands: z.array(headband) }),
  }),
  defineCall({
    name: 'headband.add',
    method: 'POST',
    access: 'member',
    input: z.object({
      color: z.enum(headbandColors).default('red'),
      content: z
        .string()
        .trim()
        .min(1, lobbyContentMessages.headbandEmpty)
        .max(HEADBAND_CONTENT_MAX, lobbyContentMessages.headbandTooLong),
    }),
    output: headband,
  }),
  defineCall({
    name: 'headband.remove',
    method: 'POST',
    access: 'member',
    input: z.object({ id: z.string().min(1).max(64) }),
    output: z.object({}),
  }),
  defineCall({
    name: 'newsbox.get_news',
    method: 'GET',
    access: 'anyone',
    input: z.object({}),
    /** Plain text; the page escapes it and turns links into anchors. */
    output: z.object({ content: z.string(), updated: z.number().nullable() }),
  }),
  defineCall({
    name: 'newsbox.set_news',
    method: 'POST',
    access: 'member',
    input: z.object({
      content: z.string().trim().max(NEWS_CONTENT_MAX, lobbyContentMessages.newsTooLong),
    }),
    output: z.object({ content: z.string(), updated: z.number().nullable() }),
  }),
);
