/**
 * The four info cards under a product (docs/product.md#product-page). Cash on delivery and Exchange
 * open their policy popups; figures come from POLICY and the shop's advance (docs/product.md#better-13).
 */
import { useState } from 'react';
import { POLICY } from '../../../common/constants.ts';
import { formatRupees } from '../../../common/money.ts';
import { site } from '../../lib/site.ts';
import { Popup } from './popup.tsx';

/** The shop's current advance (site().codAdvance); with none, the points say so. */
function codPoints(advance: number): string[] {
  return advance > 0
    ? [
        `Book your watch with an advance of ${formatRupees(advance)}.`,
        'No extra or hidden charges.',
        'Pay the rest in cash when the parcel is delivered.',
        'We cannot book an order without the advance.',
        'Urgent delivery is available at an extra charge.',
      ]
    : [
        'Nothing to pay in advance.',
        'No extra or hidden charges.',
        'Pay in cash when the parcel is delivered.',
        'Urgent delivery is available at an extra charge.',
      ];
}
const EXCHANGE_POINTS = [
  'We do not offer refunds or returns: exchange only.',
  'You pay the courier charges both ways.',
  'The exchange goes ahead after we have checked the parcel.',
  'A defective or wrong item sent back to us gets no exchange.',
  `Ask for an exchange within ${POLICY.exchangeWindowHours} hours of receiving your watch.`,
];

type Which = 'cod' | 'exchange' | null;

export function InfoCards() {
  const [open, setOpen] = useState<Which>(null);
  const advance = site().codAdvance;
  return (
    <>
      <ul className="info-cards">
        <li>
          <button type="button" className="info-card card" onClick={() => setOpen('cod')} aria-haspopup="dialog">
            <span className="info-card-icon" aria-hidden="true">
              ₹
            </span>
            <span className="info-card-title">Cash on delivery</span>
            <span className="info-card-text">
              {advance > 0 ? `Only ${formatRupees(advance)} advance` : 'Nothing in advance'}
            </span>
          </button>
        </li>
        <li>
          <button type="button" className="info-card card" onClick={() => setOpen('exchange')} aria-haspopup="dialog">
            <span className="info-card-icon" aria-hidden="true">
              ⇄
            </span>
            <span className="info-card-title">Exchange policy</span>
            <span className="info-card-text">Within {POLICY.exchangeWindowHours} hours</span>
          </button>
        </li>
        <li>
          <div className="info-card card">
            <span className="info-card-icon" aria-hidden="true">
              ◆
            </span>
            <span className="info-card-title">Premium quality</span>
          </div>
        </li>
        <li>
          <div className="info-card card">
            <span className="info-card-icon" aria-hidden="true">
              ✓
            </span>
            <span className="info-card-title">100% Trusted</span>
          </div>
        </li>
      </ul>
      <Popup open={open === 'cod'} onClose={() => setOpen(null)} title="Cash on delivery policy">
        <ul className="info-points">
          {codPoints(advance).map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </Popup>
      <Popup open={open === 'exchange'} onClose={() => setOpen(null)} title="Exchange policy">
        <ul className="info-points">
          {EXCHANGE_POINTS.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </Popup>
    </>
  );
}
