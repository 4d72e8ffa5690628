import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallInput } from '@platter/contract';
import { call } from '../../api/client';

/** room.create; the room lists are stale once it exists. */
export function useCreateRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<'room.create'>) => call('room.create', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['rooms'] }),
  });
}
