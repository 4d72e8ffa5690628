/**
 * The credit card form (spec §2 Credit card screen, §5 card rules, §9
 * lengths): number with its brand's badge, expiry month and year, CVC, ZIP;
 * Cancel and Save. A saved card shows masked until a field is touched.
 */
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
} from 'react';
import {
  CARD_CVC_MAX,
  CARD_MONTH_MAX,
  CARD_NUMBER_MAX,
  CARD_YEAR_MAX,
  CARD_ZIP_MAX,
  cardBrands,
  type Card,
  type CardEntry,
  type CardField,
} from '@platter/contract';
import { CardBadge } from '../../ui/card-badge';
import {
  changeCardField,
  initialCardForm,
  shownBrand,
  submitCardForm,
  touchCardForm,
  type CardFormState,
} from './card-form-state';

interface CardFormProps {
  saved: Card | null;
  /** Why the last save failed: the provider's words, or ours. */
  problem: string | null;
  onSend: (entry: CardEntry) => void;
  /** Save with the saved card untouched: nothing to change. */
  onUnchanged: () => void;
  onCancel: () => void;
}

const KNOWN_BRANDS = cardBrands.filter((brand) => brand !== 'unknown');

export function CardForm({ saved, problem, onSend, onUnchanged, onCancel }: CardFormProps) {
  const [state, setState] = useState<CardFormState>(() => initialCardForm(saved));
  const lede = useRef<HTMLParagraphElement>(null);
  const armed = useArmedAfterOpening(lede, state.saved !== null);
  const brand = shownBrand(state);
  const dateErrorId = useId();

  const touch = () => {
    if (armed.current) setState(touchCardForm);
  };
  const change = (field: CardField) => (value: string) => setState((current) => changeCardField(current, field, value));
  const input = (field: CardField) => ({
    value: state.entry[field],
    error: state.errors[field],
    onTouch: touch,
    onValue: change(field),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = submitCardForm(state);
    if (result.kind === 'unchanged') onUnchanged();
    else if (result.kind === 'invalid') setState((current) => ({ ...current, errors: result.errors }));
    else onSend(result.entry);
  };

  const dateError = state.errors.exp_month ?? state.errors.exp_year;
  return (
    <form className="form card-form" onSubmit={submit} noValidate>
      <p className="card-form__lede" ref={lede} tabIndex={-1}>
        {state.saved
          ? 'This is the card we have on file. To use another one, start typing in any field.'
          : 'Your card goes straight to our payment provider: its number never reaches our servers.'}
      </p>
      <CardInput
        label="Card number"
        className="card-form__number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={CARD_NUMBER_MAX}
        {...input('number')}
        adornment={<CardBadge brand={brand} width={40} />}
      />
      <ul className="card-form__brands" aria-label="Cards we take">
        {KNOWN_BRANDS.map((known) => (
          <li key={known} className={brand !== 'unknown' && brand !== known ? 'is-dimmed' : undefined}>
            <CardBadge brand={known} width={32} />
          </li>
        ))}
      </ul>
      <div className="card-form__row">
        <fieldset
          className={`card-form__date${dateError ? ' has-error' : ''}`}
          aria-describedby={dateError ? dateErrorId : undefined}
        >
          <legend className="field__label">Expires</legend>
          <div className="card-form__date-inputs">
            <CardInput
              label="Expiry month"
              hiddenLabel
              inputMode="numeric"
              autoComplete="cc-exp-month"
              placeholder="MM"
              maxLength={CARD_MONTH_MAX}
              {...input('exp_month')}
              error={undefined}
              invalid={Boolean(dateError)}
            />
            <span className="card-form__date-slash" aria-hidden="true">
              /
            </span>
            <CardInput
              label="Expiry year"
              hiddenLabel
              inputMode="numeric"
              autoComplete="cc-exp-year"
              placeholder="YYYY"
              maxLength={CARD_YEAR_MAX}
              {...input('exp_year')}
              error={undefined}
              invalid={Boolean(dateError)}
            />
          </div>
          {dateError && (
            <p id={dateErrorId} className="field__error" role="alert">
              {dateError}
            </p>
          )}
        </fieldset>
        <CardInput
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={state.saved ? '•••' : '123'}
          maxLength={CARD_CVC_MAX}
          {...input('cvc')}
        />
        <CardInput
          label="ZIP code"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="94107"
          maxLength={CARD_ZIP_MAX}
          {...input('address_zip')}
        />
      </div>
      {problem && (
        <p className="form-error card-form__problem" role="alert">
          {problem}
        </p>
      )}
      <div className="form-actions card-form__actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary">
          Save
        </button>
      </div>
    </form>
  );
}

interface CardInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  label: string;
  value: string;
  error?: string | undefined;
  invalid?: boolean;
  hiddenLabel?: boolean;
  adornment?: ReactNode;
  onTouch: () => void;
  onValue: (value: string) => void;
}

/** One card field with its own message; touching it (focus, press) ends saved-card mode. */
function CardInput({
  label,
  value,
  error,
  invalid = false,
  hiddenLabel = false,
  adornment,
  onTouch,
  onValue,
  className = '',
  ...rest
}: CardInputProps) {
  const id = useId();
  const errorId = useId();
  return (
    <div className={`field card-field ${className}${error ? ' has-error' : ''}`}>
      <label htmlFor={id} className={hiddenLabel ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      <div className={`card-field__box${adornment ? ' has-adornment' : ''}`}>
        <input
          id={id}
          className="field__input"
          type="text"
          spellCheck={false}
          value={value}
          aria-invalid={error || invalid ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onFocus={onTouch}
          onPointerDown={onTouch}
          onChange={(event) => onValue(event.target.value)}
          {...rest}
        />
        {adornment && <span className="card-field__adornment">{adornment}</span>}
      </div>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The modal puts the focus in its first field as it opens: that is not the
 * member touching it. Focus counts from the moment after the screen opened;
 * a saved card's field that got the focus that way gives it to the words
 * above the form, so that the member's own first touch of it is seen.
 */
function useArmedAfterOpening(lede: RefObject<HTMLElement | null>, savedCard: boolean) {
  const armed = useRef(false);
  const savedAtOpening = useRef(savedCard);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const form = lede.current?.closest('form');
      if (
        savedAtOpening.current &&
        document.activeElement instanceof HTMLInputElement &&
        form?.contains(document.activeElement)
      ) {
        lede.current?.focus();
      }
      armed.current = true;
    });
    return () => {
      window.clearTimeout(timer);
      armed.current = false;
    };
  }, [lede]);
  return armed;
}
