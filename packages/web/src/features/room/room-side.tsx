/**
 * Beside the stage: the chat, and for members their music (docs/music.md, "In
 * the page") as a second tab — "Chat | My music". The music panel itself is the
 * library feature's, handed in by the app. On a screen narrower than the two
 * columns the music tab opens as a sheet over the page: a dialog, closed by its × or Escape.
 */
import { roomPageMessages } from '@platter/contract';
import { useId, useRef, type ReactNode } from 'react';
import { useMediaQuery } from '../../lib/use-media-query';
import { useHeldFocus } from '../../ui/held-focus';
import { Tabs } from '../../ui/tabs';
import { RoomChat } from './room-chat';
import './room-side.css';

export type RoomSideTab = 'chat' | 'music';

/** Where the room's two columns begin (room-page.css): below it My music is a sheet. */
const SHEET_QUERY = '(max-width: 959px)';

interface RoomSideProps {
  roomid: string;
  music: ReactNode;
  tab: RoomSideTab;
  onTab: (tab: RoomSideTab) => void;
}

export function RoomSide({ roomid, music, tab, onTab }: RoomSideProps) {
  return (
    <Tabs
      label={roomPageMessages.sideLabel}
      className="room-side"
      selected={tab}
      onSelect={onTab}
      tabs={[
        { id: 'chat', label: roomPageMessages.chat, panel: <RoomChat roomid={roomid} /> },
        {
          id: 'music',
          label: roomPageMessages.myMusic,
          panelClassName: 'room-side__music',
          panel: (
            <MusicSheet open={tab === 'music'} onClose={() => onTab('chat')}>
              {music}
            </MusicSheet>
          ),
        },
      ]}
    />
  );
}

function MusicSheet({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // Followed as the window is resized: past the phone's width the sheet is a panel beside the
  // chat again, no dialog, and lets go of the keyboard.
  const asSheet = useMediaQuery(SHEET_QUERY) && open;
  // Opened as a sheet it is a dialog: it holds the keyboard, Escape closes it, and focus goes back
  // to its opener. Grown into a panel, the focus stays in it, unless it was on the close button,
  // gone with the sheet: then it goes to the panel's tab.
  useHeldFocus(sheet, asSheet, {
    onEscape: onClose,
    first: () => closeButton.current,
    returnTo: () =>
      window.matchMedia(SHEET_QUERY).matches
        ? null
        : sheet.current?.closest('.room-side')?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]'),
  });

  return (
    <div
      ref={sheet}
      className="room-sheet"
      {...(asSheet ? { role: 'dialog', 'aria-modal': true, 'aria-labelledby': titleId } : {})}
    >
      <div className="room-sheet__header">
        <h2 id={titleId} className="room-sheet__title">
          {roomPageMessages.myMusic}
        </h2>
        <button
          ref={closeButton}
          type="button"
          className="modal__close"
          aria-label={roomPageMessages.closeMyMusic}
          onClick={onClose}
        >
          ×
        </button>
      </div>
      {children}
    </div>
  );
}
