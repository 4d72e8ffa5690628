/**
 * What the reader may do in the room they are in: moderate (the owner, the
 * moderators they appointed, staff with acl ≥ 1), and appoint moderators (the
 * owner and staff). The server checks every action again; this only decides
 * which controls to show.
 */
import { useRoom } from '../../../live/room-store';
import { useCurrentUser } from '../../../session/use-session';

export interface RoomRights {
  moderate: boolean;
  appoint: boolean;
  /** Whether a person can be acted on by the reader (not the owner, staff, or — for moderators — another moderator). */
  canActOn(userid: string, acl: number): boolean;
  /** Whether the reader may delete a chat line: one by someone they may act on, or their own. */
  canDeleteLine(line: { userid: string; acl: number }): boolean;
}

export function useRoomRights(): RoomRights {
  const me = useCurrentUser();
  const creator = useRoom((state) => state.snapshot?.metadata.creator ?? null);
  const moderators = useRoom((state) => state.snapshot?.metadata.moderator_id);
  const staff = (me?.acl ?? 0) >= 1;
  const owner = me !== undefined && me.userid === creator;
  const moderator = me !== undefined && (moderators?.includes(me.userid) ?? false);
  const appoint = me?.registered === true && (owner || staff);
  const moderate = me?.registered === true && (owner || moderator || staff);
  const canActOn = (userid: string, acl: number) =>
    userid !== me?.userid && userid !== creator && acl < 1 && (appoint || !(moderators?.includes(userid) ?? false));
  return {
    moderate,
    appoint,
    canActOn,
    canDeleteLine: (line) => moderate && (line.userid === me?.userid || canActOn(line.userid, line.acl)),
  };
}
