/**
 * One account request at a time (spec §2: a spinner replaces the form while
 * it runs): on success the member is read afresh and the success message
 * shown; on failure the form shows why.
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { errorText } from '../../api/client';
import { useRefreshUser } from '../../session/use-session';
import { useAlerts } from '../../ui/alerts';
import { useInFlight } from '../../ui/use-in-flight';

export function useAccountAction<Input>(
  run: (input: Input) => Promise<string>,
  { onDone, refresh = true }: { onDone: () => void; refresh?: boolean },
) {
  const { showAlert } = useAlerts();
  const refreshUser = useRefreshUser();
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: async (input: Input) => {
      const message = await run(input);
      // The change is made; a failed re-read only leaves the page a moment behind.
      if (refresh) await refreshUser().catch(() => undefined);
      return message;
    },
  });
  const flight = useInFlight();
  const start = (input: Input, onError?: (error: unknown) => boolean) => {
    setProblem(null);
    if (!flight.start()) return;
    mutation.mutate(input, {
      onSettled: flight.done,
      onSuccess: (message) => {
        showAlert(message, { kind: 'success' });
        onDone();
      },
      onError: (error) => {
        if (onError?.(error)) return;
        setProblem(errorText(error));
      },
    });
  };
  // A new try clears the last one's refusal, even when the form stops it before sending: the old
  // "that password isn't right" would otherwise stand beside the new "your passwords must match".
  const clear = () => setProblem(null);
  return { start, clear, busy: mutation.isPending, problem };
}
