/** The reader's offer at the stage (stage-offer.ts), from the live room. */
import { useMemo } from 'react';
import type { RoomDetails } from '@platter/contract';
import { useRoom } from '../../../live/room-store';
import { useCurrentUser } from '../../../session/use-session';
import { useRoomRights } from '../moderation/use-room-rights';
import { stageOffer, type StageOffer } from './stage-offer';

export function useStageOffer(room: RoomDetails): StageOffer {
  const me = useCurrentUser();
  const djids = useRoom((state) => state.djids);
  const waitlist = useRoom((state) => state.waitlist);
  const { moderate } = useRoomRights();
  const { max_djs, rules } = room.metadata;
  const member = me?.registered === true ? me.userid : null;
  return useMemo(
    () =>
      stageOffer({
        me: member,
        djids,
        waitlist,
        maxDjs: max_djs,
        stageLocked: rules.stage_locked,
        waitlistLocked: rules.waitlist_locked,
        moderator: moderate,
      }),
    [member, djids, waitlist, max_djs, rules.stage_locked, rules.waitlist_locked, moderate],
  );
}
