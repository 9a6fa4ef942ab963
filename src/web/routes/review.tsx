/**
 * /review/{order}/{token} (docs/product.md#reviews): the link sent after delivery, no log-in. The
 * order's watches, each with its review form, or the review written, its state (waiting for the
 * shop, published, or not published with the policy's reason) and, while its writer may still,
 * the form to change it. The server renders it with the link's answer; its forms post without the
 * script (server/reviews/form-route.ts), so it works before or without JavaScript.
 */
import { useState } from 'react';
import { apiPath } from '../../common/api-contract.ts';
import { isApiErrorBody } from '../../common/errors.ts';
import { formatDate } from '../../common/india-time.ts';
import { reviewApi } from '../../common/review-api.ts';
import { MODERATION_DAYS, reviewFormId } from '../../common/review-rules.ts';
import type { OwnReview, ReviewLinkReply } from '../../common/schemas/review.ts';
import { ProductImage } from '../features/catalog/product-image.tsx';
import { ReviewForm } from '../features/reviews/review-form.tsx';
import { ReviewStars } from '../features/reviews/review-stars.tsx';
import { takeEmbeddedAnswer } from '../lib/api-client.ts';
import { useLocation, useParams } from '../lib/router/index.ts';
import '../features/reviews/reviews.css';

function ReviewState({ review }: { review: OwnReview }) {
  if (review.status === 'published')
    return <p className="review-state review-state-published">Published. Thank you!</p>;
  if (review.status === 'rejected') {
    return (
      <div className="review-state review-state-rejected" role="status">
        <p>
          <strong>Not published.</strong> Reason: {review.rejectReason}
        </p>
        <p>You may change it below and send it again.</p>
      </div>
    );
  }
  return (
    <p className="review-state">
      Waiting for the shop to read it (within {MODERATION_DAYS} days). Every rating is published when it keeps the
      rules.
    </p>
  );
}

export function ReviewLinkPage() {
  const { orderNumber = '', token = '' } = useParams();
  const { search } = useLocation();
  const path = apiPath(reviewApi.link.path, { orderNumber, token });
  // The server's answer in the page, taken once: the page is rendered by the server each time it is
  // opened or posted (its forms post without the script), so it never needs to ask again.
  const [embedded] = useState(() => takeEmbeddedAnswer<unknown>(path));
  const refused = isApiErrorBody(embedded) ? embedded.error.message : null;
  const answer = embedded && !isApiErrorBody(embedded) ? (embedded as ReviewLinkReply) : null;
  const saved = new URLSearchParams(search).get('saved');
  const action = `/review/${encodeURIComponent(orderNumber)}/${encodeURIComponent(token)}`;

  return (
    <div className="page container narrow review-page">
      <h1>Review your watches</h1>
      {(refused || !answer) && (
        <p className="message message-error" role="alert">
          {refused ?? 'This review link could not be opened. Please open it again from your message.'}
        </p>
      )}
      {answer && (
        <>
          <p>
            Order <span className="order-id">{answer.orderNumber}</span>: thank you for buying from us. Tell other
            buyers what you think.
          </p>
          {answer.lines.map((line) => {
            const id = reviewFormId(line.lineNo);
            const review = line.review;
            return (
              <section key={line.lineNo} id={id} className="review-line" aria-labelledby={`${id}-heading`}>
                <div className="review-line-head">
                  <ProductImage
                    id={line.image || undefined}
                    alt=""
                    sizes="64px"
                    widths={[240]}
                    width={64}
                    height={64}
                  />
                  <h2 id={`${id}-heading`}>{line.productName}</h2>
                </div>
                {saved === String(line.lineNo) && (
                  <p className="message message-success" role="status">
                    Thank you! Your review is saved.
                  </p>
                )}
                {review && (
                  <div className="review-own">
                    <ReviewStars stars={review.stars} />
                    <p className="review-title">{review.title}</p>
                    <p className="review-body">{review.body}</p>
                    <ReviewState review={review} />
                    {review.reply && (
                      <p className="review-reply">
                        <strong>Reply from the shop:</strong> {review.reply}
                      </p>
                    )}
                    {review.editable ? (
                      <p className="review-edit-until">You can change it until {formatDate(review.editableUntil)}.</p>
                    ) : (
                      <p className="review-edit-until">It can no longer be changed.</p>
                    )}
                  </div>
                )}
                {(!review || review.editable) && (
                  <ReviewForm
                    action={action}
                    lineNo={line.lineNo}
                    productName={line.productName}
                    review={review}
                    defaultName={answer.defaultName}
                  />
                )}
              </section>
            );
          })}
        </>
      )}
    </div>
  );
}
