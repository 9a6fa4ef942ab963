import { PAGE } from '../../../common/page-paths.ts';
import { Link } from '../../lib/router/index.ts';
import { FIGURES, GrievanceOfficer } from './policy-parts.tsx';

export function Terms({ shop }: { shop: string }) {
  return (
    <>
      <p>
        These terms apply when you browse or buy from {shop} (“we”, “us”). By placing an order you agree to them. If you
        do not agree, please do not use the website.
      </p>
      <h2>Orders and prices</h2>
      <ul>
        <li>All prices are in Indian rupees and include applicable taxes unless the product page says otherwise.</li>
        <li>
          An order is confirmed when we accept it and you have paid the booking advance of {FIGURES.advance}. We may
          refuse or cancel an order, for example when a product is out of stock or a price was shown in error; any
          advance paid is then refunded in full.
        </li>
        <li>Pictures are of the actual model; colours can look slightly different on different screens.</li>
      </ul>
      <h2>Payment: cash on delivery</h2>
      <p>
        We accept cash on delivery only. You pay {FIGURES.advance} in advance to book the order and the rest in cash to
        the courier. There are no hidden charges; urgent delivery, when you ask for it, costs extra and we tell you the
        amount before booking. The advance is refunded when an order is cancelled; it is kept only for a dispatched
        parcel that comes back because of you, as the <Link to={PAGE.refunds}>return and refund policy</Link> says.
      </p>
      <h2>Delivery</h2>
      <p>
        We ship across India. Most orders arrive 3 to 9 days after they are placed. Please check the parcel in front of
        the courier and record an unboxing video: we need it to help with any damage claim.
      </p>
      <h2>Exchange, returns and refunds</h2>
      <p>
        Exchange requests must reach us within {FIGURES.exchangeHours} of delivery. Where a return is accepted under our{' '}
        <Link to={PAGE.refunds}>return and refund policy</Link> (within {FIGURES.returnDays} of delivery), the refund is
        made within {FIGURES.refundDays} of the returned watch reaching us and passing inspection.
      </p>
      <h2>Your account</h2>
      <p>
        Keep your password to yourself; you are responsible for orders placed from your account. Tell us at once if you
        think someone else has used it.
      </p>
      <h2>Use of the website</h2>
      <p>
        Do not misuse the website: no attempts to break in, scrape it in bulk, or post unlawful content. Reviews and
        photos you send us are covered by our{' '}
        <Link to="/user-generated-content-policy">user-generated content policy</Link>.
      </p>
      <h2>Liability</h2>
      <p>
        Our liability for an order is limited to the amount you paid for it, except where the law does not allow such a
        limit. Nothing here affects your rights under the Consumer Protection Act, 2019.
      </p>
      <h2>Law and disputes</h2>
      <p>
        These terms are governed by the laws of India. Disputes are subject to the courts of the city where our shop is
        registered, without affecting your right to approach a consumer commission.
      </p>
      <GrievanceOfficer />
    </>
  );
}
