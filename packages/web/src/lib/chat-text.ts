/**
 * Message filtering for what members write (spec §5: user-facing text is
 * escaped; links, emoji shortcodes and slash-memes are converted): a profile's
 * about text today, the room's chat later. The text stays text: a caller
 * renders the pieces (React escapes them), so nothing here becomes markup.
 *
 * Unlike staff text (ui/linked-text), only http(s) addresses become links:
 * in a member's words a bare "/shrug" is a meme, not a path on this site.
 */
import { splitLinks } from './links';

export type ChatPiece =
  | { type: 'text'; text: string }
  | { type: 'link'; text: string; href: string }
  /** `code` is what was typed (":smile:"), `emoji` what is shown. */
  | { type: 'emoji'; code: string; emoji: string };

/** A modest table of the shortcodes people type most in a music room. */
export const EMOJI: Readonly<Record<string, string>> = {
  smile: '😄',
  smiley: '😃',
  grin: '😁',
  laughing: '😆',
  joy: '😂',
  wink: '😉',
  blush: '😊',
  heart_eyes: '😍',
  sunglasses: '😎',
  thinking: '🤔',
  neutral_face: '😐',
  unamused: '😒',
  sweat_smile: '😅',
  cry: '😢',
  sob: '😭',
  rage: '😡',
  scream: '😱',
  sleeping: '😴',
  zzz: '💤',
  heart: '❤️',
  broken_heart: '💔',
  thumbsup: '👍',
  '+1': '👍',
  thumbsdown: '👎',
  '-1': '👎',
  clap: '👏',
  wave: '👋',
  raised_hands: '🙌',
  pray: '🙏',
  ok_hand: '👌',
  metal: '🤘',
  muscle: '💪',
  eyes: '👀',
  fire: '🔥',
  star: '⭐',
  sparkles: '✨',
  boom: '💥',
  100: '💯',
  tada: '🎉',
  rocket: '🚀',
  rainbow: '🌈',
  sunny: '☀️',
  moon: '🌙',
  skull: '💀',
  ghost: '👻',
  musical_note: '🎵',
  notes: '🎶',
  headphones: '🎧',
  microphone: '🎤',
  guitar: '🎸',
  saxophone: '🎷',
  trumpet: '🎺',
  violin: '🎻',
  musical_keyboard: '🎹',
  drum: '🥁',
  radio: '📻',
  cd: '💿',
  dvd: '📀',
  dancer: '💃',
  man_dancing: '🕺',
  speaker: '🔊',
  coffee: '☕',
  beer: '🍺',
  cocktail: '🍸',
  pizza: '🍕',
  cat: '🐱',
  dog: '🐶',
  dolphin: '🐬',
  otter: '🦦',
  unicorn: '🦄',
};

/** Slash-memes: a whole word such as /shrug becomes its picture in text. */
export const SLASH_MEMES: Readonly<Record<string, string>> = {
  '/shrug': '¯\\_(ツ)_/¯',
  '/tableflip': '(╯°□°)╯︵ ┻━┻',
  '/unflip': '┬─┬ノ( º _ ºノ)',
  '/lenny': '( ͡° ͜ʖ ͡°)',
  '/disapprove': 'ಠ_ಠ',
  '/bear': 'ʕ•ᴥ•ʔ',
};

/**
 * "/me waves": the speaker says what they do (IRC's and turntable's emote). The words after
 * "/me", to be shown after the speaker's name as an action; null for any other text.
 */
export function meAction(text: string): string | null {
  const match = /^\/me\s+(\S[\s\S]*)$/i.exec(text.trim());
  return match ? match[1]! : null;
}

// A shortcode is letters, digits, "_", "+" or "-" between colons; a meme is a
// slash word on its own (start of text or after white space, then white space,
// end, or punctuation that closes a sentence).
const TOKEN = /:([a-z0-9_+-]+):|(^|\s)(\/[a-z]+)(?=$|[\s.,!?])/gi;

/** Splits a member's text into plain text, links and emoji; memes are replaced within the text. */
export function filterChatText(text: string): ChatPiece[] {
  const pieces: ChatPiece[] = [];
  for (const piece of splitLinks(text)) {
    if (piece.type === 'link' && !piece.internal) {
      pieces.push({ type: 'link', text: piece.text, href: piece.href });
    } else {
      convertText(piece.text, pieces);
    }
  }
  return mergeText(pieces);
}

/** The filtered text as a plain string: what a screen reader or a title attribute can use. */
export function chatTextAsString(text: string): string {
  return filterChatText(text)
    .map((piece) => (piece.type === 'emoji' ? piece.emoji : piece.text))
    .join('');
}

function convertText(text: string, into: ChatPiece[]): void {
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const [whole, code, before = '', meme] = match;
    if (code !== undefined) {
      const emoji = EMOJI[code.toLowerCase()];
      if (emoji === undefined) continue;
      if (match.index > last) into.push({ type: 'text', text: text.slice(last, match.index) });
      into.push({ type: 'emoji', code: whole, emoji });
      last = match.index + whole.length;
    } else if (meme !== undefined) {
      const picture = SLASH_MEMES[meme.toLowerCase()];
      if (picture === undefined) continue;
      const start = match.index + before.length;
      if (start > last) into.push({ type: 'text', text: text.slice(last, start) });
      into.push({ type: 'text', text: picture });
      last = start + meme.length;
    }
  }
  if (last < text.length) into.push({ type: 'text', text: text.slice(last) });
}

/** Neighbouring text pieces become one, so the result is as short as it can be. */
function mergeText(pieces: ChatPiece[]): ChatPiece[] {
  const merged: ChatPiece[] = [];
  for (const piece of pieces) {
    const previous = merged[merged.length - 1];
    if (piece.type === 'text' && previous?.type === 'text') {
      merged[merged.length - 1] = { type: 'text', text: previous.text + piece.text };
    } else if (piece.type !== 'text' || piece.text !== '') {
      merged.push(piece);
    }
  }
  return merged;
}
