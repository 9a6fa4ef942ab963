/**
 * The reviews policy (docs/product.md#reviews; issue 38, after IS 19000:2022 and the consumer
 * protection guidance on online reviews): who may review, what is published and what is rejected,
 * how long it takes, and that every rating counts. The reasons are REJECT_REASONS, the very list
 * the owner picks from in the REVIEWS queue, so the page and the queue cannot say different things.
 */
import {
  MODERATION_DAYS,
  REJECT_REASONS,
  REVIEW_PHOTOS_MAX,
  REVIEW_REMINDER_DAYS,
} from '../../../common/review-rules.ts';
import { GrievanceOfficer } from './policy-parts.tsx';

export function ReviewsPolicy({ shop }: { shop: string }) {
  return (
    <>
      <p>
        Reviews on {shop} are written by people who bought the watch from us. This page says how we ask for them, which
        we publish and which we do not.
      </p>
      <h2>Who can review</h2>
      <ul>
        <li>
          Only a buyer: after an order is delivered we send one link by WhatsApp or email, and one reminder{' '}
          {REVIEW_REMINDER_DAYS} days later if no review came. We do not ask after a return or cancellation.
        </li>
        <li>Each review is marked “Verified buyer” because it comes from a delivered order.</li>
        <li>One review per watch ordered. Its writer may change it for a while; we never change its words or stars.</li>
        <li>We do not pay for reviews or give discounts or gifts for them, good or bad.</li>
      </ul>
      <h2>What we publish</h2>
      <ul>
        <li>
          Every review that keeps the rules below, <strong>whatever its rating</strong>. A low rating is never a reason
          not to publish, and every published rating counts in the average.
        </li>
        <li>
          Its stars, title, text, up to {REVIEW_PHOTOS_MAX} photos, and the name its writer chose (by default the first
          name and the initial of the last).
        </li>
        <li>Our reply, when we give one, shown under the review and marked as the shop’s.</li>
      </ul>
      <h2>What we do not publish</h2>
      <p>A review is not published when:</p>
      <ul>
        {Object.entries(REJECT_REASONS).map(([key, words]) => (
          <li key={key}>{words}</li>
        ))}
      </ul>
      <p>Its writer is told which of these reasons applied, and may write the review again.</p>
      <h2>How long it takes</h2>
      <p>
        We read each review within {MODERATION_DAYS} days of receiving it. A changed review is read again before it
        shows. Photos are stripped of their location and camera details before anyone sees them.
      </p>
      <h2>Ratings from elsewhere</h2>
      <p>
        A watch’s page may also show a rating it has on another shop, always named with its source (for example “Amazon:
        4.3 from 81 ratings”). It is never mixed into our buyers’ average.
      </p>
      <h2>Questions and complaints</h2>
      <GrievanceOfficer />
    </>
  );
}
