/** The alert system: short messages at the top of the page, gone after 3 seconds by default (spec §4, §9). */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { commonMessages, ALERT_DEFAULT_MS } from '@platter/contract';

export type AlertKind = 'success' | 'error' | 'info';

interface Alert {
  id: number;
  text: string;
  kind: AlertKind;
}

interface AlertApi {
  showAlert(text: string, options?: { kind?: AlertKind; durationMs?: number }): void;
}

const AlertContext = createContext<AlertApi | null>(null);

export function AlertProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setAlerts((list) => list.filter((a) => a.id !== id)), []);

  const api = useMemo<AlertApi>(
    () => ({
      showAlert(text, { kind = 'info', durationMs = ALERT_DEFAULT_MS } = {}) {
        const id = nextId.current++;
        setAlerts((list) => [...list, { id, text, kind }]);
        window.setTimeout(() => dismiss(id), durationMs);
      },
    }),
    [dismiss],
  );

  return (
    <AlertContext.Provider value={api}>
      {children}
      <div className="alerts" aria-live="polite">
        {alerts.map((alert) => (
          <div
            key={alert.id}
            className={`alert alert--${alert.kind}`}
            role={alert.kind === 'error' ? 'alert' : 'status'}
          >
            <span>{alert.text}</span>
            <button
              type="button"
              className="alert__close"
              aria-label={commonMessages.dismiss}
              onClick={() => dismiss(alert.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </AlertContext.Provider>
  );
}

export function useAlerts(): AlertApi {
  const api = useContext(AlertContext);
  if (!api) throw new Error('useAlerts needs an AlertProvider');
  return api;
}
