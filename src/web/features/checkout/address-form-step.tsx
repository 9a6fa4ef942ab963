import { type FormEvent, type ReactNode, useState } from 'react';
import { ADDRESS_FORM_RULES, type AddressForm, composeAddress } from '../../../common/account-rules.ts';
import { checkForm, checkText } from '../../../common/text-rules.ts';
import { TextField } from '../../components/text-field.tsx';
import { lookupPincode } from './pincode-lookup.ts';

const FIELDS = [
  { key: 'room', label: 'Room no.', autoComplete: 'address-line1' },
  { key: 'building', label: 'Building name', autoComplete: 'address-line2' },
  { key: 'landmark', label: 'Landmark', autoComplete: 'off' },
  { key: 'pincode', label: 'Pincode', autoComplete: 'postal-code' },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'state', label: 'State', autoComplete: 'address-level1' },
] as const;
type Key = (typeof FIELDS)[number]['key'];
const EMPTY: AddressForm = { room: '', building: '', landmark: '', city: '', pincode: '', state: '' };

/**
 * Step 1 (docs/product.md#checkout, #better-11): the address form, every field checked. A valid
 * pincode fills City and State from the offline directory.
 */
export function AddressFormStep({
  busy,
  onSubmit,
  notice,
}: {
  busy: boolean;
  onSubmit: (address: string) => void;
  /** A failed step's message, shown by the button. */
  notice?: ReactNode;
}) {
  const [values, setValues] = useState<AddressForm>(EMPTY);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [pinNote, setPinNote] = useState<string | null>(null);

  async function onPincode(pincode: string) {
    setValues((v) => ({ ...v, pincode }));
    setPinNote(null);
    if (!checkText(ADDRESS_FORM_RULES.pincode, pincode).ok) return;
    try {
      const place = await lookupPincode(pincode);
      if (place) {
        setValues((v) => (v.pincode === pincode ? { ...v, city: place.district, state: place.state } : v));
        setPinNote(`${place.district}, ${place.state}`);
      } else {
        setPinNote('We could not find this pincode. Please check it, or type your city and state.');
      }
    } catch {
      setPinNote('Could not look up this pincode. Please type your city and state.');
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkForm(ADDRESS_FORM_RULES, values);
    if (!checked.ok) {
      setError({ field: checked.field, message: checked.message });
      document.getElementById(`address-${checked.field}`)?.focus();
      return;
    }
    setError(null);
    onSubmit(composeAddress(checked.data));
  }

  return (
    <form onSubmit={submit} noValidate className="checkout-address-form">
      {FIELDS.map((f) => (
        <div key={f.key} className={`checkout-field-${f.key}`}>
          <TextField
            id={`address-${f.key}`}
            label={f.label}
            autoComplete={f.autoComplete}
            {...(f.key === 'pincode' ? { inputMode: 'numeric' as const, maxLength: 6 } : {})}
            value={values[f.key as Key]}
            error={error?.field === f.key ? error.message : null}
            onChange={(e) => {
              if (error?.field === f.key) setError(null);
              if (f.key === 'pincode') void onPincode(e.target.value.trim());
              else setValues({ ...values, [f.key]: e.target.value });
            }}
          />
          {f.key === 'pincode' && pinNote && (
            <p className="checkout-pin-note" role="status">
              {pinNote}
            </p>
          )}
        </div>
      ))}
      <p className="checkout-hint">You will see the order details before the order is placed.</p>
      {notice}
      <button type="submit" className="btn btn-gold btn-block" disabled={busy}>
        Place order
      </button>
    </form>
  );
}
