/**
 * A purchase screen's state: idle, placing the order, waiting for the
 * payment; and why the last try failed. One attempt key lives as long as the
 * screen, so pressing the button again after a lost answer or a slow payment
 * retries the same order.
 */
import { useEffect, useRef, useState } from 'react';
import type { OrderStateBody } from '@platter/contract';
import { errorText } from './client';
import { AttemptKey, placeOrder, type OrderKind } from './orders';

export type PurchasePhase = 'idle' | 'placing' | 'waiting';

export function usePurchase(kind: OrderKind, onSucceeded: (state: OrderStateBody) => void | Promise<void>) {
  const [key] = useState(() => new AttemptKey());
  const [phase, setPhase] = useState<PurchasePhase>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const leaving = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    leaving.current = controller;
    return () => controller.abort();
  }, []);

  const start = async (password: string, order: readonly string[]) => {
    if (phase !== 'idle') return;
    setProblem(null);
    setPhase('placing');
    try {
      const outcome = await placeOrder({
        kind,
        password,
        order,
        key,
        onPlaced: () => setPhase('waiting'),
        poll: { signal: leaving.current?.signal },
      });
      if (leaving.current?.signal.aborted) return;
      if (outcome.kind === 'succeeded') await onSucceeded(outcome.state);
      else setProblem(outcome.message);
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      if (!leaving.current?.signal.aborted) setPhase('idle');
    }
  };

  return { phase, busy: phase !== 'idle', problem, start };
}
