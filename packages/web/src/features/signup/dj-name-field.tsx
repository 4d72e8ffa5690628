/**
 * The DJ name with a suggestion (user.suggest_name) that a refresh control
 * replaces, checked against the spec's rules as it is typed.
 */
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DJ_NAME_MAX } from '@platter/contract';
import { call } from '../../api/client';
import { stillFocusable } from '../../ui/still-focusable';

/** A suggested DJ name, fetched once and again on request. */
export function useSuggestedName(enabled: boolean) {
  return useQuery({
    queryKey: ['suggested-name'],
    queryFn: async () => (await call('user.suggest_name', {})).suggested_name,
    enabled,
    staleTime: Infinity,
    retry: 1,
  });
}

interface DjNameFieldProps {
  value: string;
  error: string | null;
  onChange: (name: string) => void;
  /** Asks for another suggestion; absent where the name cannot be replaced. */
  onRefresh?: () => void;
  /** A suggestion is on its way: the box waits for it rather than mixing it with typing. */
  refreshing?: boolean;
}

export function DjNameField({ value, error, onChange, onRefresh, refreshing = false }: DjNameFieldProps) {
  const id = useId();
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id} className="field__label">
        DJ name
      </label>
      <div className="name-field">
        <input
          id={id}
          className="field__input name-field__input"
          name="name"
          autoComplete="nickname"
          spellCheck={false}
          maxLength={DJ_NAME_MAX + 10}
          aria-invalid={error ? true : undefined}
          aria-busy={refreshing || undefined}
          readOnly={refreshing}
          placeholder={refreshing ? 'Finding you a name…' : undefined}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        {onRefresh && (
          <button
            type="button"
            className={`name-field__refresh${refreshing ? ' is-spinning' : ''}`}
            aria-label="Suggest another name"
            title="Suggest another name"
            {...stillFocusable(refreshing, onRefresh)}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                d="M20 12a8 8 0 1 1-2.34-5.66M20 4v5h-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        )}
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
