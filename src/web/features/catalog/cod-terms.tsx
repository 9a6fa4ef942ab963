import { codPlan } from '../../../common/advance.ts';
import { formatRupees } from '../../../common/money.ts';
import { site } from '../../lib/site.ts';

/**
 * What a watch costs to order, said before ordering (docs/product.md#the-advance): the price
 * includes every tax, the advance books it and the rest is paid on delivery. No surprise charges.
 */
export function CodTerms({ price }: { price: number }) {
  const { advance: amount, onDelivery: balance } = codPlan(price, site().codAdvance);
  return (
    <p className="product-tax">
      Inclusive of all taxes. Cash on delivery:{' '}
      {amount > 0 ? (
        <>
          {formatRupees(amount)} advance by UPI to book, {formatRupees(balance)} on delivery.
        </>
      ) : (
        <>{formatRupees(balance)} on delivery.</>
      )}{' '}
      No other charges.
    </p>
  );
}
