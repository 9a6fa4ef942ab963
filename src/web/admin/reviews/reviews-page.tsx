/**
 * REVIEWS (docs/product.md#reviews; issue 38): the owner's queue. Waiting reviews oldest first;
 * each is published as written or rejected by one of the reasons the reviews policy states (its
 * writer is told which), and a published one may get a public reply. Nothing here changes a
 * review's words or stars, and no reason is about the rating: a low one is published like any.
 */
import { useState } from 'react';
import { formatDateTime } from '../../../common/india-time.ts';
import { imageUrl } from '../../../common/media.ts';
import { PAGE } from '../../../common/page-paths.ts';
import {
  REJECT_REASON_KEYS,
  REJECT_REASONS,
  REVIEW_STATUSES,
  type RejectReason,
  type ReviewStatus,
} from '../../../common/review-rules.ts';
import {
  type AdminReview,
  type AdminReviewPage,
  rejectReviewSchema,
  replyReviewSchema,
} from '../../../common/schemas/review.ts';
import { Message } from '../../components/message.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { ReviewStars } from '../../features/reviews/review-stars.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useForm } from '../../lib/forms/use-form.ts';
import { Link } from '../../lib/router/index.ts';
import { QueuePage, useQueue } from '../queue-page.tsx';
import { listReviews, publishReview, rejectReview, replyToReview } from './reviews-api.ts';
import './reviews.css';

const STATUS_LABEL: Record<ReviewStatus, string> = { pending: 'Waiting', published: 'Published', rejected: 'Rejected' };

export function ReviewsPage() {
  const queue = useQueue({
    key: 'admin:reviews',
    firstView: 'pending' as ReviewStatus,
    load: listReviews,
    // The storefront's stars and reviews in this tab follow the change.
    alsoChanged: ['catalog:'],
  });
  return (
    <QueuePage
      queue={queue}
      id="adm-reviews-title"
      title="Reviews"
      summary={
        <p>
          Publish every review that keeps the <Link to={PAGE.reviewsPolicy}>reviews policy</Link>, whatever its rating.
        </p>
      }
      views={REVIEW_STATUSES.map((s) => [s, STATUS_LABEL[s]] as const)}
      items={(d: AdminReviewPage) => d.items}
      pageCount={(d) => d.pages}
      empty={(status) => (status === 'pending' ? 'No review is waiting.' : 'No reviews here yet.')}
      listClass="adm-rev-list"
      pagerLabel="Review pages"
    >
      {(review) => <ReviewCard key={review.id} review={review} onChanged={queue.changed} />}
    </QueuePage>
  );
}

function ReviewCard({ review: r, onChanged }: { review: AdminReview; onChanged: (text: string) => void }) {
  const [rejecting, setRejecting] = useState(false);
  const [replying, setReplying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const titleId = `rev-${r.id}`;
  async function publish() {
    setBusy(true);
    setFailed(null);
    try {
      await publishReview(r.id);
      onChanged(`The review “${r.title}” is published`);
    } catch (err) {
      setFailed(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="panel adm-rev" aria-labelledby={titleId}>
      <div className="adm-rev-head">
        <ReviewStars stars={r.stars} />
        <h2 id={titleId}>{r.title}</h2>
      </div>
      <p className="adm-rev-who">
        {r.displayName} · {r.productName} · Order{' '}
        <Link to={`/dashboard/orders?q=${encodeURIComponent(r.orderNumber)}`}>{r.orderNumber}</Link> ·{' '}
        {formatDateTime(r.updatedAt)}
      </p>
      <p className="adm-rev-body">{r.body}</p>
      {r.photos.length > 0 && (
        <ul className="adm-rev-photos" aria-label="The buyer’s uploads">
          {r.photos.map((photo, i) => (
            <li key={photo}>
              <a href={imageUrl(photo, 960)} target="_blank" rel="noopener noreferrer">
                <img src={imageUrl(photo, 240)} alt={`Upload ${i + 1} of ${r.photos.length}`} width={96} height={96} />
              </a>
            </li>
          ))}
        </ul>
      )}
      {r.status === 'rejected' && r.rejectReason && (
        <p className="adm-rev-reason">Rejected: {REJECT_REASONS[r.rejectReason]}</p>
      )}
      {r.reply && (
        <p className="adm-rev-reply">
          <strong>Your reply:</strong> {r.reply}
        </p>
      )}
      <Message text={failed} onClose={() => setFailed(null)} />
      {rejecting ? (
        <RejectForm review={r} onDone={onChanged} onCancel={() => setRejecting(false)} />
      ) : replying ? (
        <ReplyForm review={r} onDone={onChanged} onCancel={() => setReplying(false)} />
      ) : (
        <div className="adm-actions">
          {r.status !== 'published' && (
            <button type="button" className="btn btn-gold" onClick={publish} disabled={busy}>
              Publish
            </button>
          )}
          {r.status !== 'rejected' && (
            <button type="button" className="btn" onClick={() => setRejecting(true)} disabled={busy}>
              Reject…
            </button>
          )}
          {r.status === 'published' && (
            <button type="button" className="btn" onClick={() => setReplying(true)} disabled={busy}>
              {r.reply ? 'Change reply' : 'Reply in public'}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

function RejectForm({
  review,
  onDone,
  onCancel,
}: {
  review: AdminReview;
  onDone: (t: string) => void;
  onCancel: () => void;
}) {
  const form = useForm({
    id: `reject-${review.id}`,
    initial: { reason: '' },
    check: (values) => rejectReviewSchema.safeParse(values),
    send: (data) => rejectReview(review.id, data.reason as RejectReason),
    defaultField: 'reason',
    onSuccess: () => onDone(`The review “${review.title}” is rejected; its writer is told why`),
  });
  return (
    <form className="adm-rev-form" onSubmit={form.submit} noValidate>
      <SelectField label="The rule it breaks (its writer is told)" {...form.field('reason')}>
        <option value="">Choose a reason</option>
        {REJECT_REASON_KEYS.map((key) => (
          <option key={key} value={key}>
            {REJECT_REASONS[key]}
          </option>
        ))}
      </SelectField>
      <Message {...form.messageProps} />
      <div className="adm-actions">
        <button type="submit" className="btn btn-gold" disabled={form.busy}>
          Reject the review
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={form.busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ReplyForm({
  review,
  onDone,
  onCancel,
}: {
  review: AdminReview;
  onDone: (t: string) => void;
  onCancel: () => void;
}) {
  const form = useForm({
    id: `reply-${review.id}`,
    initial: { reply: review.reply ?? '' },
    check: (values) => replyReviewSchema.safeParse(values),
    send: (data) => replyToReview(review.id, data.reply),
    defaultField: 'reply',
    onSuccess: () => onDone('Your reply is shown under the review'),
  });
  return (
    <form className="adm-rev-form" onSubmit={form.submit} noValidate>
      <TextAreaField label="Your reply, shown under the review" rows={3} {...form.field('reply')} />
      <Message {...form.messageProps} />
      <div className="adm-actions">
        <button type="submit" className="btn btn-gold" disabled={form.busy}>
          Save the reply
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={form.busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
