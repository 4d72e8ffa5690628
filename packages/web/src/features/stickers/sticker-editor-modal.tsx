/**
 * The laptop cover editor (spec §2 stickerEdit, /profile/stickers; §4, §5,
 * §8, §9): pick stickers four a page, drop them on the laptop, move and turn
 * them, and Save, or Checkout while unpurchased paid stickers are placed.
 * After a purchase the success screen shows and the laptop saves with them.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { MAX_STICKER_PLACEMENTS, type Placement, type SelfUser, type Sticker } from '@platter/contract';
import { useRefreshPayments } from '../../api/payment-queries';
import { PAYMENT_PATH } from '../../lib/payment-return';
import { sorryText } from '../../lib/sorry';
import { useSession } from '../../session/use-session';
import { useAlerts } from '../../ui/alerts';
import { MembersOnly } from '../../ui/members-only';
import { Modal } from '../../ui/modal';
import { useModalNavigate } from '../../ui/modal-link';
import { usePageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { LaptopCover } from './laptop-cover';
import {
  ROTATE_STEP,
  STICKER_SIZE,
  addSticker,
  bringToFront,
  centrePlacement,
  isOnLaptop,
  knownPlacements,
  mainAction,
  saveErrorText,
  toLaptopPoint,
  unpurchasedPlaced,
  updatePlacement,
  type PlacedSticker,
  type Point,
} from './laptop-rules';
import { PurchaseSuccess } from './purchase-success';
import { StickerCheckout } from './sticker-checkout';
import { dropDraft, keepDraft, readDraft } from './sticker-draft';
import { StickerPicker } from './sticker-picker';
import { useOwnPlacements, usePlaceStickers, useRefreshCatalogue, useStickerCatalogue } from './use-stickers';
import { stillFocusable } from '../../ui/still-focusable';

const TITLE = 'Laptop Stickers';
export const STICKERS_SAVED = 'Your laptop stickers are saved.';

export function StickerEditorModal({ onClose }: { onClose: () => void }) {
  usePageTitle(TITLE);
  const session = useSession();
  const user = session.data;
  return (
    <Modal title={TITLE} onClose={onClose} width={900}>
      {user?.registered ? (
        <LoadedEditor user={user} onClose={onClose} />
      ) : user ? (
        <MembersOnly reason="Laptop stickers belong to members. Sign up (it's free) or log in to decorate your laptop." />
      ) : session.isError ? (
        <p className="form-error" role="alert">
          Sorry, we couldn't reach the server. Please refresh to try again.
        </p>
      ) : (
        <Spinner />
      )}
    </Modal>
  );
}

function LoadedEditor({ user, onClose }: { user: SelfUser; onClose: () => void }) {
  const catalogue = useStickerCatalogue(user.userid);
  const placements = useOwnPlacements(user.userid);
  // Back from adding a card: the laptop as it was left, at Checkout.
  const [draft] = useState(() => readDraft(user.userid));
  useEffect(dropDraft, []);
  const failure = catalogue.error ?? placements.error;
  if (failure) {
    return (
      <p className="form-error" role="alert">
        {sorryText(failure.message)}
      </p>
    );
  }
  if (!catalogue.data || !placements.data) return <Spinner />;
  return (
    <StickerEditor
      user={user}
      stickers={catalogue.data}
      initial={draft ?? placements.data}
      startAt={draft ? 'checkout' : 'edit'}
      onClose={onClose}
    />
  );
}

let nextKey = 1;
const keyed = (placement: Placement): PlacedSticker => ({ key: `s${nextKey++}`, placement });

type Screen = 'edit' | 'checkout' | 'bought';

interface StickerEditorProps {
  user: SelfUser;
  stickers: Sticker[];
  initial: Placement[];
  startAt: Screen;
  onClose: () => void;
}

function StickerEditor({ user, stickers, initial, startAt, onClose }: StickerEditorProps) {
  const [items, setItems] = useState<PlacedSticker[]>(() => knownPlacements(initial, stickers).map(keyed));
  const [selected, setSelected] = useState<string | null>(null);
  const [screen, setScreen] = useState<Screen>(startAt);
  const [bought, setBought] = useState<Sticker[]>([]);
  const laptopRef = useRef<HTMLDivElement>(null);
  const { showAlert } = useAlerts();
  const place = usePlaceStickers(user.userid);
  const refreshCatalogue = useRefreshCatalogue();
  const refreshPayments = useRefreshPayments();
  const modalNavigate = useModalNavigate();

  const byId = useMemo(() => new Map(stickers.map((s) => [s._id, s])), [stickers]);
  const active = useMemo(() => stickers.filter((s) => s.state === 'active'), [stickers]);
  const current = items.map((item) => item.placement);
  const action = mainAction(current, stickers);
  const toBuy = unpurchasedPlaced(current, stickers);

  const add = (placement: Placement) => {
    const added = keyed(placement);
    const result = addSticker(items, added);
    if (!result.ok) {
      showAlert(result.message, { kind: 'error' });
      return;
    }
    setItems(result.items);
    setSelected(added.key);
  };

  const dropFromPicker = (sticker: Sticker, client: Point) => {
    const rect = laptopRef.current?.getBoundingClientRect();
    if (!rect) return;
    const point = toLaptopPoint(client, rect);
    if (!isOnLaptop(point)) return;
    add({ sticker_id: sticker._id, top: point.y - STICKER_SIZE / 2, left: point.x - STICKER_SIZE / 2, angle: 0 });
  };

  const rotate = (key: string, angle: number, relative: boolean) =>
    setItems((list) => updatePlacement(list, key, (p) => ({ angle: relative ? p.angle + angle : angle })));

  const remove = (key: string) => {
    setItems((list) => list.filter((item) => item.key !== key));
    setSelected(null);
  };

  const save = () => {
    if (action === 'checkout') {
      setScreen('checkout');
      return;
    }
    place.mutate(current, {
      onSuccess: () => {
        showAlert(STICKERS_SAVED, { kind: 'success' });
        onClose();
      },
      onError: (error) => showAlert(saveErrorText(error.message), { kind: 'error' }),
    });
  };

  const keepLaptop = () => keepDraft(user.userid, current);
  const addCard = () => {
    keepLaptop();
    modalNavigate(PAYMENT_PATH, { state: { returnTo: '/profile/stickers' } });
  };

  /** Paid: the stickers are the member's now; the laptop saves with them. */
  const afterPurchase = async () => {
    setBought(toBuy);
    setScreen('bought');
    place.mutate(current, { onError: (error) => showAlert(saveErrorText(error.message), { kind: 'error' }) });
    await Promise.all([refreshCatalogue(), refreshPayments()]).catch(() => undefined);
  };

  if (screen === 'checkout' && toBuy.length > 0) {
    return (
      <StickerCheckout
        user={user}
        stickers={toBuy}
        onBack={() => setScreen('edit')}
        onAddCard={addCard}
        onLeave={keepLaptop}
        onBought={afterPurchase}
      />
    );
  }
  if (screen === 'bought') {
    return (
      <PurchaseSuccess
        stickers={bought}
        saving={place.isPending}
        onBackToLaptop={() => setScreen('edit')}
        onDone={onClose}
      />
    );
  }

  return (
    <div className="sticker-editor">
      <p className="sticker-editor__lede">
        Drag stickers onto your laptop, or press one to put it in the middle. Drag a sticker to move it; turn it with
        its handle, the buttons or the [ and ] keys; Delete takes it off. Up to {MAX_STICKER_PLACEMENTS} stickers.
      </p>
      <div className="sticker-editor__workspace">
        <div className="sticker-editor__laptop-side">
          <LaptopCover
            laptopRef={laptopRef}
            items={items}
            stickers={byId}
            selected={selected}
            onSelect={setSelected}
            onMove={(key, position) => setItems((list) => updatePlacement(list, key, () => position))}
            onRotate={rotate}
            onRemove={remove}
            onPickUp={(key) => setItems((list) => bringToFront(list, key))}
          />
          <div className="sticker-editor__tools" role="group" aria-label="Selected sticker">
            <button
              type="button"
              className="button"
              {...stillFocusable(!selected, () => selected && rotate(selected, -ROTATE_STEP, true))}
            >
              ⟲ Rotate left
            </button>
            <button
              type="button"
              className="button"
              {...stillFocusable(!selected, () => selected && rotate(selected, ROTATE_STEP, true))}
            >
              Rotate right ⟳
            </button>
            <button type="button" className="button" {...stillFocusable(!selected, () => selected && remove(selected))}>
              Remove
            </button>
            <span className="sticker-editor__count" aria-live="polite">
              {items.length} of {MAX_STICKER_PLACEMENTS} stickers
            </span>
          </div>
        </div>
        <StickerPicker
          stickers={active}
          onPlaceInCentre={(sticker) => add(centrePlacement(sticker._id))}
          onDrop={dropFromPicker}
        />
      </div>
      <div className="form-actions sticker-editor__actions">
        {action === 'checkout' && (
          <p className="sticker-editor__note">Some stickers on your laptop are paid ones you haven't bought yet.</p>
        )}
        <button type="button" className="button button--primary" {...stillFocusable(place.isPending, save)}>
          {action === 'checkout' ? 'Checkout' : place.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </div>
  );
}
