import { type ReactNode, useState } from 'react';
import { ADDRESS_FORM_RULES, type AddressForm, composeAddress } from '../../../../common/account-rules.ts';
import { checkForm, checkText } from '../../../../common/text-rules.ts';
import { Message } from '../../../components/message.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useForm } from '../../../lib/forms/use-form.ts';
import { lookupPincode } from './pincode-lookup.ts';

const FIELDS = [
  // What a courier needs to find the door (issue 34 item 4): the house or flat number, then the
  // building, street or area, a landmark and the pincode.
  { key: 'room', label: 'House or flat no.', autoComplete: 'address-line1' },
  { key: 'building', label: 'Building, street or area', autoComplete: 'address-line2' },
  { key: 'landmark', label: 'Landmark', autoComplete: 'off' },
  { key: 'pincode', label: 'Pincode', autoComplete: 'postal-code' },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'state', label: 'State', autoComplete: 'address-level1' },
] as const;
const EMPTY: AddressForm = { room: '', building: '', landmark: '', city: '', pincode: '', state: '' };

/**
 * Step 1 (docs/product.md#checkout, #better-11): the address form, every field checked. A valid
 * pincode fills City and State from the offline directory. The popup makes the call.
 */
export function AddressFormStep({
  busy,
  onSubmit,
  notice,
  formAction,
  formId = 'address',
  submitLabel = 'Deliver to this address',
}: {
  busy: boolean;
  onSubmit: (address: string) => Promise<void>;
  /** A failed step's message, shown by the button. */
  notice?: ReactNode;
  /**
   * Where the form posts without the script (the address correction page, orders/address-link-form-route.ts),
   * with `formId`, the id its refusal comes back under (common/address-check.ts ADDRESS_FIX_FORM_ID).
   */
  formAction?: string;
  formId?: string;
  submitLabel?: string;
}) {
  const form = useForm({
    id: formId,
    initial: EMPTY,
    check: (values) => checkForm(ADDRESS_FORM_RULES, values),
    send: (data) => onSubmit(composeAddress(data)),
  });
  const [pinNote, setPinNote] = useState<string | null>(null);

  async function onPincode(pincode: string) {
    form.set('pincode', pincode);
    setPinNote(null);
    if (!checkText(ADDRESS_FORM_RULES.pincode, pincode).ok) return;
    try {
      const place = await lookupPincode(pincode);
      if (place) {
        form.update((v) => (v.pincode === pincode ? { ...v, city: place.district, state: place.state } : v));
        setPinNote(`${place.district}, ${place.state}`);
      } else {
        setPinNote('We could not find this pincode. Please check it, or type your city and state.');
      }
    } catch {
      setPinNote('Could not look up this pincode. Please type your city and state.');
    }
  }

  return (
    <form
      onSubmit={form.submit}
      noValidate
      className="checkout-address-form"
      method={formAction ? 'post' : undefined}
      action={formAction}
    >
      {FIELDS.map((f) => {
        const field = form.field(f.key);
        return (
          <div key={f.key} className={`checkout-field-${f.key}`}>
            <TextField
              label={f.label}
              name={f.key}
              autoComplete={f.autoComplete}
              {...field}
              {...(f.key === 'pincode'
                ? {
                    inputMode: 'numeric' as const,
                    maxLength: 6,
                    onChange: (e) => void onPincode(e.target.value.trim()),
                  }
                : {})}
            />
            {f.key === 'pincode' && pinNote && (
              <p className="checkout-pin-note" role="status">
                {pinNote}
              </p>
            )}
          </div>
        );
      })}
      {!formAction && <p className="checkout-hint">You will see the order details before the order is placed.</p>}
      {notice}
      {formAction && <Message {...form.messageProps} />}
      {/* Named for what it does (issue 34 item 15): the order is placed on the summary, not here. */}
      <button type="submit" className="btn btn-gold btn-block" disabled={busy || form.busy}>
        {submitLabel}
      </button>
    </form>
  );
}
