import type { ReactNode } from 'react';

/**
 * Step 0 (docs/product.md#checkout): saved addresses as a radio list, or the empty message;
 * + ADD NEW ADDRESS and PROCEED.
 */
export function AddressSelectStep({
  addresses,
  selected,
  onSelect,
  onAddNew,
  onProceed,
  notice,
}: {
  addresses: string[];
  selected: string | null;
  onSelect: (address: string) => void;
  onAddNew: () => void;
  onProceed: () => void;
  /** A failed step's message, shown by the buttons. */
  notice?: ReactNode;
}) {
  return (
    <>
      {addresses.length > 0 ? (
        <fieldset className="checkout-addresses">
          <legend>Deliver to</legend>
          {addresses.map((address) => (
            <label key={address} className="checkout-address">
              <input
                type="radio"
                name="checkout-address"
                value={address}
                checked={selected === address}
                onChange={() => onSelect(address)}
              />
              <span>{address}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <div className="checkout-empty">
          <p className="checkout-empty-title">No address found!</p>
          <p>Add new address to get your products</p>
        </div>
      )}
      {notice}
      <div className="checkout-actions">
        <button type="button" className="btn btn-ghost" onClick={onAddNew}>
          + Add new address
        </button>
        <button type="button" className="btn btn-gold" disabled={!selected} onClick={onProceed}>
          Proceed
        </button>
      </div>
    </>
  );
}
