/**
 * Money at a glance's figures (docs/product.md "Money at a glance"), in the order the owner's
 * screen and the accountant's CSV list them: each one's words, amount and count (when it counts
 * something). Both read this list, so the screen and the CSV cannot name a figure differently.
 */
import type { MoneyGlance } from './schemas/money.ts';

interface MoneyFigure {
  label: string;
  paise: (g: MoneyGlance) => number;
  count?: (g: MoneyGlance) => number;
}

export const MONEY_FIGURES: readonly MoneyFigure[] = [
  { label: 'Orders placed', paise: (g) => g.orders.placed.paise, count: (g) => g.orders.placed.count },
  { label: 'of which cancelled', paise: (g) => g.orders.cancelled.paise, count: (g) => g.orders.cancelled.count },
  { label: 'Advances received', paise: (g) => g.advances.received.paise, count: (g) => g.advances.received.count },
  {
    label: 'Advances awaiting a check',
    paise: (g) => g.advances.awaitingCheck.paise,
    count: (g) => g.advances.awaitingCheck.count,
  },
  {
    label: 'Advances kept (the policy’s case)',
    paise: (g) => g.advances.kept.paise,
    count: (g) => g.advances.kept.count,
  },
  {
    label: 'Advances to refund or keep (cancelled or returned)',
    paise: (g) => g.advances.toSettle.paise,
    count: (g) => g.advances.toSettle.count,
  },
  { label: 'Refunded to shoppers', paise: (g) => g.advances.refunded.paise, count: (g) => g.advances.refunded.count },
  { label: 'COD expected from couriers (delivered)', paise: (g) => g.cod.expectedPaise, count: (g) => g.cod.delivered },
  { label: 'COD received from couriers', paise: (g) => g.cod.receivedPaise },
  { label: 'COD still with couriers', paise: (g) => g.cod.outstandingPaise },
  { label: 'Returned to origin (order value)', paise: (g) => g.returns.valuePaise, count: (g) => g.returns.count },
  { label: 'Returns: sale lost (total less the advance kept)', paise: (g) => g.returns.lostPaise },
];
