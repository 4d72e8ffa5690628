/** Spec §2, §4: what the editor shows after a purchase (the spec's success modal), the stickers now the member's own. */
import { useEffect, useRef } from 'react';
import { goldAlerts, type Sticker } from '@platter/contract';
import './sticker-checkout.css';
import { stillFocusable } from '../../ui/still-focusable';

interface PurchaseSuccessProps {
  stickers: readonly Sticker[];
  saving: boolean;
  onBackToLaptop: () => void;
  onDone: () => void;
}

export function PurchaseSuccess({ stickers, saving, onBackToLaptop, onDone }: PurchaseSuccessProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="sticker-bought" aria-labelledby="sticker-bought-title">
      <h3 id="sticker-bought-title" className="sticker-bought__title" tabIndex={-1} ref={heading}>
        Purchase complete
      </h3>
      <p className="sticker-bought__message" role="status">
        {goldAlerts.stickersBought}
      </p>
      <ul className="sticker-bought__stickers">
        {stickers.map((sticker) => (
          <li key={sticker._id}>
            <img src={sticker.path} alt={sticker.name} width={96} />
          </li>
        ))}
      </ul>
      <div className="form-actions sticker-bought__actions">
        <button type="button" className="button" onClick={onBackToLaptop}>
          Back to my laptop
        </button>
        <button type="button" className="button button--primary" {...stillFocusable(saving, onDone)}>
          {saving ? 'Saving your laptop…' : 'Done'}
        </button>
      </div>
    </section>
  );
}
