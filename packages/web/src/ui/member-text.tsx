import { Fragment } from 'react';
import { filterChatText } from '../lib/chat-text';

/**
 * A member's own words after message filtering (spec §2, §5): escaped by
 * React, http(s) links clickable (nofollow: the site does not vouch for
 * them), emoji shortcodes and slash-memes turned into pictures, line breaks kept.
 */
export function MemberText({ text, className = '' }: { text: string; className?: string }) {
  return (
    <p className={`member-text ${className}`}>
      {filterChatText(text).map((piece, index) =>
        piece.type === 'link' ? (
          <a key={index} href={piece.href} target="_blank" rel="nofollow noopener noreferrer">
            {piece.text}
          </a>
        ) : piece.type === 'emoji' ? (
          <span key={index} className="emoji" role="img" aria-label={emojiName(piece.code)} title={piece.code}>
            {piece.emoji}
          </span>
        ) : (
          <Fragment key={index}>{piece.text}</Fragment>
        ),
      )}
    </p>
  );
}

/** ":musical_note:" reads as "musical note". */
function emojiName(code: string): string {
  return code.slice(1, -1).replaceAll('_', ' ');
}
