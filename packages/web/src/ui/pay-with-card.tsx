/**
 * What every purchase form asks before it pays (spec §4): the card on file
 * (or a way to add one), the member's password, and the purchase's problem;
 * and the overlay shown while the order goes through.
 */
import { useState, type ReactNode } from 'react';
import { commonMessages, type Card } from '@platter/contract';
import { CardOnFile } from './card-on-file';
import { Field } from './field';
import { Spinner } from './spinner';
import './pay-with-card.css';

export const PASSWORD_NEEDED = commonMessages.passwordNeeded;

/** The password a purchase is confirmed with; typing clears its error. */
export function usePurchasePassword() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    value,
    error,
    change(next: string) {
      setValue(next);
      setError(null);
    },
    /** True when there is a password; otherwise says it is needed. */
    check(): boolean {
      if (!value) setError(PASSWORD_NEEDED);
      return Boolean(value);
    },
  };
}

export type PurchasePassword = ReturnType<typeof usePurchasePassword>;

interface PayWithCardProps {
  card: Card | null;
  /** Shown instead of the card when there is none, beside "Add a card". */
  noCardNote: ReactNode;
  /** Leaves for the credit card screen, to change or add the card. */
  onChangeCard: () => void;
  password: PurchasePassword;
  /** Said under the password field, before the problem line. */
  passwordHint?: ReactNode;
  /** Why the last purchase failed, in the server's or provider's words. */
  problem: string | null;
}

export function PayWithCard({ card, noCardNote, onChangeCard, password, passwordHint, problem }: PayWithCardProps) {
  return (
    <>
      <div className="pay-with-card">
        <span className="field__label">Card</span>
        <div className="pay-with-card__line">
          {card ? (
            <>
              <CardOnFile card={card} />
              <button type="button" className="link-button" onClick={onChangeCard}>
                change
              </button>
            </>
          ) : (
            <>
              {noCardNote}
              <button type="button" className="button button--small" onClick={onChangeCard}>
                {commonMessages.addCard}
              </button>
            </>
          )}
        </div>
      </div>
      <Field
        label={commonMessages.yourPassword}
        type="password"
        autoComplete="current-password"
        maxLength={200}
        value={password.value}
        error={password.error}
        onChange={(event) => password.change(event.target.value)}
      />
      {passwordHint}
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}

/** Covers the purchase form while the order is placed and paid. */
export function PurchaseBusy({ label, message }: { label: string; message: string }) {
  return (
    <div className="purchase-busy">
      <Spinner label={label} />
      <p aria-live="polite">{message}</p>
    </div>
  );
}
