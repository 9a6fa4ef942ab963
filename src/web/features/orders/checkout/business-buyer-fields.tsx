import type { ChangeEvent } from 'react';
import type { BusinessBuyer } from '../../../../common/business-buyer-rules.ts';
import { TextField } from '../../../components/text-field.tsx';

type Field = (name: keyof BusinessBuyer) => {
  id: string;
  value: string;
  error: string | null;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
};

/**
 * "Buying for a business?" on the order details (docs/product.md#checkout): unticked, nothing is
 * asked; ticked, the business name and GSTIN the invoice is billed to (common/business-buyer-rules.ts),
 * bound to the summary's form. The GSTIN is shown in capitals (CSS) whatever is typed: it is kept so.
 */
export function BusinessBuyerFields({
  open,
  onOpen,
  field,
  disabled,
}: {
  open: boolean;
  onOpen: (open: boolean) => void;
  field: Field;
  disabled: boolean;
}) {
  return (
    <fieldset className="checkout-business">
      <legend className="visually-hidden">GST invoice for a business</legend>
      <div className="checkout-business-toggle">
        <input
          id="checkout-business"
          type="checkbox"
          checked={open}
          disabled={disabled}
          onChange={(e) => onOpen(e.target.checked)}
        />
        <label htmlFor="checkout-business">Buying for a business? Add its GSTIN to the invoice</label>
      </div>
      {open && (
        <>
          <TextField label="Business name" autoComplete="organization" maxLength={100} {...field('businessName')} />
          <TextField
            label="GSTIN"
            autoComplete="off"
            spellCheck={false}
            maxLength={15}
            hint="15 characters, e.g. 27AAPFU0939F1ZV. The invoice then shows it and its state."
            {...field('buyerGstin')}
          />
        </>
      )}
    </fieldset>
  );
}
