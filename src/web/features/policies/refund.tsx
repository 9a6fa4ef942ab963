import { FIGURES, GrievanceOfficer } from './policy-parts.tsx';

export function Refund({ shop }: { shop: string }) {
  return (
    <>
      <p>We want you to love your watch. This is how {shop} handles exchanges, returns and refunds.</p>
      <h2>Exchange</h2>
      <ul>
        <li>We offer an exchange, not a refund, for a watch you simply want to change.</li>
        <li>Tell us within {FIGURES.exchangeHours} of delivery, on WhatsApp or by email, with your order ID.</li>
        <li>You pay the courier charges both ways.</li>
        <li>The exchange goes ahead once we have received and checked the watch.</li>
        <li>
          A watch that comes back damaged, used, or that is not the item we sent, cannot be exchanged and is sent back
          to you.
        </li>
      </ul>
      <h2>Wrong, damaged or faulty on arrival</h2>
      <p>
        If the watch is not what you ordered, or arrives damaged or not working, tell us within {FIGURES.returnDays} of
        delivery with photos and the unboxing video. We will arrange a return at our cost and send a replacement, or
        refund you if no replacement is available.
      </p>
      <h2>Refunds</h2>
      <p>
        When a refund is due (a return we accepted, or an order we cancelled), we refund the advance and any amount paid
        within {FIGURES.refundDays} of the returned watch reaching us and passing inspection, or of the cancellation.
        The refund goes to your bank account or UPI ID.
      </p>
      <h2>Cancelling an order</h2>
      <p>
        You can cancel an order before it is dispatched with the Cancel link on the Your Orders page; the booking
        advance of {FIGURES.advance} is refunded within {FIGURES.refundDays}. After dispatch, the exchange rules above
        apply.
      </p>
      <h2 id="advance-kept">When the advance is refunded, and when it is kept</h2>
      <ul>
        <li>
          An order cancelled before it is dispatched, by you or by us, for any reason: the advance is refunded in full.
          There is no cancellation charge.
        </li>
        <li>
          An order we cancel or call back after dispatch, a parcel lost or damaged on the way, or a wrong, damaged or
          faulty watch: the advance (and anything else you paid) is refunded in full, and the courier charges are ours.
        </li>
        <li>
          The advance is kept only when a dispatched parcel comes back to us because of you: you refused it at the door,
          or the courier could not reach you at the address and phone you gave. It then pays the courier charges both
          ways, which we have paid; we keep no more than the advance.
        </li>
        <li>
          Either way we tell you on WhatsApp or by email, with the refund’s reference and date or the reason the advance
          was kept, and your order on Your Orders says the same.
        </li>
      </ul>
      <p>
        This follows the Consumer Protection (E-Commerce) Rules, 2020, rule 4(10): we charge nothing for cancelling, and
        when we cancel, the same courier charges are ours.
      </p>
      <GrievanceOfficer />
    </>
  );
}
