/**
 * 'Sorry, {error}' (spec §8: contact settings, profile and avatar failures):
 * the server's sentence after "Sorry, ", without saying sorry twice and with
 * a full stop at the end.
 */

// Words that start a sentence and read lower-case after "Sorry, "; any other
// first word (a name, a product, an acronym) keeps its capital.
const PLAIN_OPENERS =
  /^(A|An|Please|The|That|This|These|Those|There|It|Its|You|Your|We|Our|Something|Nothing|No|Too|Only|Some)\b/;

export function sorryText(message: string): string {
  let text = message.trim().replace(/^sorry[,!.]?\s*/i, '');
  if (!text) return 'Sorry, something went wrong.';
  if (PLAIN_OPENERS.test(text)) text = text.charAt(0).toLowerCase() + text.slice(1);
  if (!/[.!?]$/.test(text)) text += '.';
  return `Sorry, ${text}`;
}
