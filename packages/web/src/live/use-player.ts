/** The player in components: its readout and settings, re-rendering as they change. */
import { useSyncExternalStore } from 'react';
import { player, type SyncReadout } from './player';
import type { PlayerSettings } from './player-settings';

export function useSyncReadout<T>(selector: (readout: SyncReadout) => T): T {
  return useSyncExternalStore(
    player.subscribe,
    () => selector(player.getReadout()),
    () => selector(player.getReadout()),
  );
}

export function usePlayerSettings(): PlayerSettings {
  return useSyncExternalStore(player.subscribe, player.getSettings, player.getSettings);
}

export { player };
