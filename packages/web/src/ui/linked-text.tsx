import { Fragment } from 'react';
import { splitLinks } from '../lib/links';

/**
 * Staff text (news, headbands) as the page shows it: escaped by React, its
 * http(s) links turned into anchors that open in a new tab, paths on this
 * site into plain anchors, its line breaks kept (by the `linked-text` style).
 */
export function LinkedText({ text, className = '' }: { text: string; className?: string }) {
  return (
    <span className={`linked-text ${className}`}>
      {splitLinks(text).map((piece, index) =>
        piece.type === 'link' ? (
          piece.internal ? (
            <a key={index} href={piece.href}>
              {piece.text}
            </a>
          ) : (
            <a key={index} href={piece.href} target="_blank" rel="nofollow noopener noreferrer">
              {piece.text}
            </a>
          )
        ) : (
          <Fragment key={index}>{piece.text}</Fragment>
        ),
      )}
    </span>
  );
}
