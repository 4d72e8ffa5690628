/** A room's address: /{shortcut or roomid} (spec §2), or null for a broken room that has neither. */
export function roomPath(room: { shortcut?: string | null; roomid?: string | null }): string | null {
  const key = room.shortcut?.trim() || room.roomid?.trim();
  return key ? `/${encodeURIComponent(key)}` : null;
}
