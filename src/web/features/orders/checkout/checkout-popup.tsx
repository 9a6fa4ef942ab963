import { useCallback, useEffect, useRef, useState } from 'react';
import type { BusinessBuyer } from '../../../../common/business-buyer-rules.ts';
import type { SignupInput } from '../../../../common/schemas/account.ts';
import type { Cart } from '../../../../common/schemas/cart.ts';
import type { Order } from '../../../../common/schemas/order.ts';
import { CloseIcon } from '../../../components/icons.tsx';
import { LoaderOverlay } from '../../../components/loader.tsx';
import { Message } from '../../../components/message.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import type { SessionUser } from '../../accounts/session.tsx';
import { AddressFormStep } from './address-form-step.tsx';
import { AddressSelectStep } from './address-select-step.tsx';
import { placeOrder } from './checkout-api.ts';
import { PasswordStep } from './password-step.tsx';
import { SummaryStep } from './summary-step.tsx';
import './checkout.css';

type Step = 0 | 1 | 2 | 3;
const TITLES: Record<Step, string> = {
  0: 'Select delivery address',
  1: 'Add new address',
  2: 'Create Password',
  3: 'Order Details',
};

export interface CheckoutPopupProps {
  cart: Cart;
  user: SessionUser | null;
  /** Creates the visitor's account (signs them in, merging their cart). */
  createAccount: (input: SignupInput) => Promise<void>;
  /** Saves a new address to the logged-in shopper's profile. */
  saveAddress: (address: string) => Promise<void>;
  onPlaced: (order: Order) => void;
  onClose: () => void;
}

/**
 * The checkout popup (docs/product.md#checkout): 0 choose an address, 1 new address, 2 create
 * password (visitors only), 3 order details and PLACE ORDER. One idempotency
 * key per opening, so a double click or a retry after a lost answer places one order.
 */
export function CheckoutPopup({ cart, user, createAccount, saveAddress, onPlaced, onClose }: CheckoutPopupProps) {
  const addresses = user?.addresses ?? [];
  const [step, setStep] = useState<Step>(0);
  const [address, setAddress] = useState<string | null>(addresses.at(-1) ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [whatsappUpdates, setWhatsappUpdates] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);

  // A native modal <dialog>, as the catalogue popups: the page behind is inert, so Tab stays in
  // the popup. Declared before the heading's focus, which must come after showModal's own.
  useEffect(() => {
    const dialog = dialogRef.current;
    // Remembered before the popup takes focus: CHECKOUT gets it back when it closes (WCAG 2.4.3).
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog?.showModal();
    document.body.classList.add('checkout-open');
    return () => {
      document.body.classList.remove('checkout-open');
      dialog?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  // Move focus to the step's heading so keyboard and screen-reader users follow along.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on step change on purpose.
  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  const attempt = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }, []);

  const onNewAddress = (composed: string) =>
    attempt(async () => {
      if (user) await saveAddress(composed);
      setAddress(composed);
      setStep(user ? 3 : 2);
    });
  const onCreateAccount = (input: SignupInput) =>
    attempt(async () => {
      await createAccount(input);
      setStep(3);
    });
  const onPlace = (business: BusinessBuyer, payInFull: boolean) =>
    attempt(async () => {
      if (!address) return setStep(0);
      const { order } = await placeOrder(address, idempotencyKey, whatsappUpdates, business, payInFull);
      onPlaced(order);
    });

  const clearError = useCallback(() => setError(null), []);
  // Shown next to the step's action button, where the shopper is looking when it fails
  // (and scrolled into view in the dialog by Message).
  const notice = error ? (
    <div className="checkout-notice">
      <Message text={error} onClose={clearError} autoHideMs={null} />
    </div>
  ) : null;

  return (
    <dialog
      ref={dialogRef}
      className="popup checkout-popup"
      aria-labelledby="checkout-title"
      // Esc closes it, unless a step is being sent.
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
    >
      <div className="checkout-head">
        {step !== 0 && (
          <button
            type="button"
            className="icon-btn checkout-back"
            aria-label="Back to addresses"
            onClick={() => setStep(0)}
            disabled={busy}
          >
            ←
          </button>
        )}
        <h2 id="checkout-title" ref={headingRef} tabIndex={-1}>
          {TITLES[step]}
        </h2>
        <button type="button" className="icon-btn" aria-label="Close checkout" onClick={onClose} disabled={busy}>
          <CloseIcon size={20} />
        </button>
      </div>
      {step === 0 && (
        <AddressSelectStep
          addresses={addresses}
          selected={address}
          onSelect={setAddress}
          onAddNew={() => setStep(1)}
          onProceed={() => setStep(user ? 3 : 2)}
          notice={notice}
        />
      )}
      {step === 1 && <AddressFormStep busy={busy} onSubmit={onNewAddress} notice={notice} />}
      {step === 2 && address && (
        <PasswordStep address={address} busy={busy} onSubmit={onCreateAccount} notice={notice} />
      )}
      {step === 3 && address && (
        <SummaryStep
          cart={cart}
          address={address}
          contactNumber={user?.number ?? null}
          busy={busy}
          onPlace={onPlace}
          whatsappUpdates={whatsappUpdates}
          onWhatsappUpdates={setWhatsappUpdates}
          notice={notice}
        />
      )}
      <LoaderOverlay active={busy} label="Please wait…" />
    </dialog>
  );
}
