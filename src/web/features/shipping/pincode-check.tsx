import { useState } from 'react';
import { ADDRESS_FORM_RULES } from '../../../common/account-rules.ts';
import type { DeliveryCheck } from '../../../common/schemas/shipping.ts';
import { shippingApi } from '../../../common/shipping-api.ts';
import { checkForm } from '../../../common/text-rules.ts';
import { Message } from '../../components/message.tsx';
import { TextField } from '../../components/text-field.tsx';
import { call } from '../../lib/api-client.ts';
import { useForm } from '../../lib/forms/use-form.ts';
import './pincode-check.css';

const RULES = { pincode: ADDRESS_FORM_RULES.pincode };

/**
 * "Deliver to": the shopper's pincode checked before ordering (docs/product.md#shipping), in the
 * words the checkout would refuse an order with: "Delivery by Thu, 3 Dec · cash on delivery
 * available", "We do not deliver to 123456 yet", "Cash on delivery is not available at 123456".
 */
export function PincodeCheck({ id = 'pincode-check' }: { id?: string }) {
  const [answer, setAnswer] = useState<DeliveryCheck | null>(null);
  const form = useForm({
    id,
    initial: { pincode: '' },
    check: (values) => checkForm(RULES, values),
    send: (data) => call(shippingApi.deliveryCheck, { params: { pincode: data.pincode } }),
    onSuccess: (result) => setAnswer(result),
    defaultField: 'pincode',
  });
  // The answer is about the pincode it was asked for: editing the box hides it.
  const shown = answer && answer.pincode === form.values.pincode.trim() ? answer : null;
  const good = shown?.served && shown.cod;
  return (
    <form className="pincode-check" onSubmit={form.submit} noValidate aria-label="Check delivery to your pincode">
      <div className="pincode-check-row">
        <TextField
          label="Deliver to pincode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          {...form.field('pincode')}
        />
        <button type="submit" className="btn btn-ghost" disabled={form.busy}>
          Check
        </button>
      </div>
      <Message {...form.messageProps} />
      {shown && (
        <p
          className={good ? 'pincode-check-answer pincode-check-ok' : 'pincode-check-answer pincode-check-no'}
          role="status"
        >
          {shown.message}
        </p>
      )}
    </form>
  );
}
