import type { Order } from '../../../common/schemas/order.ts';
import { settlementLines } from '../../../common/settlement.ts';

/**
 * What happened to the money of a cancelled or returned order (docs/product.md "Every advance settled"):
 * each refund with its date and reference, the policy's case an advance was kept under, or that it is
 * still to settle. Your Orders and /track show the same words (common/settlement.ts).
 */
export function SettlementInfo({ settlement }: { settlement: Order['settlement'] }) {
  if (!settlement) return null;
  return (
    <div className={`order-settlement order-settlement-${settlement.state}`}>
      {settlementLines(settlement).map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}
