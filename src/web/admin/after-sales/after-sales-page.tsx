import { useState } from 'react';
import {
  AFTER_SALES_STATES,
  PROBLEM_LABELS,
  RETURN_STEP_LABELS,
  RETURN_STEPS,
} from '../../../common/after-sales-rules.ts';
import { formatDateTime } from '../../../common/india-time.ts';
import { imageUrl } from '../../../common/media.ts';
import { formatRupees } from '../../../common/money.ts';
import { ADMIN_PAGE } from '../../../common/page-paths.ts';
import type { AdminRequest, AfterSalesPage as RequestPage } from '../../../common/schemas/after-sales.ts';
import { settlementLines } from '../../../common/settlement.ts';
import { Message } from '../../components/message.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { Link } from '../../lib/router/index.ts';
import { QueuePage, useQueue } from '../queue-page.tsx';
import { decide, finish, listRequests, moveStep } from './after-sales-api.ts';
import { CheckForm, DecideForms, RequestRefundForm } from './request-forms.tsx';
import './after-sales.css';

const VIEWS = [
  ['open', 'Open'],
  ['all', 'All'],
] as const;

/**
 * AFTER-SALES (docs/product.md#after-sales): shoppers' exchanges and problem reports, oldest open
 * first. Each is approved (with how the watch comes back) or refused with a reason the shopper
 * reads; its return parcel is followed; "Received back and checked" records pass or fail; then the
 * replacement order, or for a problem report a refund, recorded with its reference once paid.
 */
export function AfterSalesPage() {
  const queue = useQueue({
    key: 'admin:after-sales',
    firstView: 'open' as (typeof VIEWS)[number][0],
    load: listRequests,
  });
  return (
    <QueuePage
      queue={queue}
      id="adm-as-title"
      title="After-sales"
      summary={queue.data && <p className="adm-as-summary">{queue.data.openCount} open</p>}
      views={VIEWS}
      items={(d: RequestPage) => d.items}
      pageCount={(d) => d.pageCount}
      empty={(view) => (view === 'open' ? 'No exchange or problem is waiting.' : 'No requests yet.')}
      listClass="adm-as-list"
      pagerLabel="After-sales pages"
    >
      {(r) => <RequestCard key={r.number} request={r} onChanged={queue.changed} />}
    </QueuePage>
  );
}

function Photos({ ids, label }: { ids: readonly string[]; label: string }) {
  if (ids.length === 0) return null;
  return (
    <ul className="adm-as-photos" aria-label={label}>
      {ids.map((id, i) => (
        <li key={id}>
          <a href={imageUrl(id, 1600)} target="_blank" rel="noopener noreferrer">
            <img src={imageUrl(id, 240)} alt={`${label} ${i + 1}`} width={96} height={96} loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}

function RequestCard({ request: r, onChanged }: { request: AdminRequest; onChanged: (text: string) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = `as-${r.number}`;
  const act = async <R,>(work: () => Promise<R>, text: string | ((result: R) => string)) => {
    setBusy(true);
    setError(null);
    try {
      const result = await work();
      onChanged(typeof text === 'string' ? text : text(result));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const what =
    r.kind === 'exchange'
      ? `Exchange for ${r.wantedName ?? 'another watch'}`
      : `Problem: ${r.problem ? PROBLEM_LABELS[r.problem] : ''}`;
  return (
    <li className={`panel adm-as adm-as-${r.state}`} aria-labelledby={titleId}>
      <div className="adm-as-head">
        <h2 id={titleId}>{r.number}</h2>
        <span className="adm-as-badge">{AFTER_SALES_STATES[r.state].label}</span>
        <span className="adm-as-time">{formatDateTime(r.createdAt)}</span>
      </div>
      <p className="adm-as-who">
        <strong>{r.buyerName}</strong> · <a href={`tel:+91${r.phone}`}>{r.phone}</a> · Order{' '}
        <Link to={`${ADMIN_PAGE.orders}?q=${encodeURIComponent(r.orderNumber)}`}>{r.orderNumber}</Link>
        {r.deliveredAt && ` · delivered ${formatDateTime(r.deliveredAt)}`}
      </p>
      <p>
        <strong>{what}</strong> · returned watch: {r.lineName} ({formatRupees(r.linePrice)})
        {r.wantedPrice !== null && ` · wanted at ${formatRupees(r.wantedPrice)}`}
        {r.due !== null && ` · due before it leaves: ${formatRupees(r.due)}`}
      </p>
      <p className="adm-as-reason">{r.reason}</p>
      <Photos ids={r.photos} label="Shopper’s photo" />
      {r.ownerNote && <p className="adm-as-note">Your note to the shopper: {r.ownerNote}</p>}
      {r.returnMethod && (
        <p>
          Return:{' '}
          {r.returnMethod === 'self'
            ? 'the shopper sends it'
            : r.returnAwb
              ? `${r.returnCourier ?? 'courier'} AWB ${r.returnAwb}`
              : 'not booked yet'}
          {r.returnStep && ` · ${RETURN_STEP_LABELS[r.returnStep]}`}
        </p>
      )}
      {r.checkPassed !== null && (
        <p>
          Check: {r.checkPassed ? 'passed' : 'failed'}
          {r.checkNote && ` · ${r.checkNote}`}
        </p>
      )}
      <Photos ids={r.checkPhotos} label="Check photo" />
      {r.replacementNumber && (
        <p>
          Replacement order{' '}
          <Link to={`${ADMIN_PAGE.orders}?q=${encodeURIComponent(r.replacementNumber)}`}>{r.replacementNumber}</Link>
        </p>
      )}
      {(r.state === 'refund' || r.state === 'refunded') && r.settlement && r.settlement.refunds.length > 0 && (
        <ul className="adm-as-refunds" aria-label={`Refunds of order ${r.orderNumber}`}>
          {settlementLines(r.settlement).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <Message text={error} onClose={() => setError(null)} />
      {r.state === 'requested' && <DecideForms request={r} onDone={onChanged} />}
      {r.state === 'approved' && (
        <div className="adm-as-steps">
          {r.returnMethod === 'courier' && !r.returnAwb && (
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() =>
                act(
                  () => decide(r.number, { decision: 'approve', returnMethod: 'courier', note: '' }),
                  `${r.number}: the return is booked`,
                )
              }
            >
              Book the return again
            </button>
          )}
          {r.returnMethod !== 'courier' && (
            <label className="adm-as-step">
              Return parcel step{' '}
              <select
                value={r.returnStep ?? ''}
                disabled={busy}
                onChange={(e) =>
                  act(
                    () => moveStep(r.number, { step: e.target.value as (typeof RETURN_STEPS)[number] }),
                    `${r.number}: return step saved`,
                  )
                }
              >
                <option value="" disabled>
                  Not sent yet
                </option>
                {RETURN_STEPS.map((s) => (
                  <option key={s} value={s}>
                    {RETURN_STEP_LABELS[s]}
                  </option>
                ))}
              </select>
            </label>
          )}
          <CheckForm request={r} onDone={onChanged} />
        </div>
      )}
      {r.state === 'refund' && <RequestRefundForm request={r} onDone={onChanged} />}
      {r.state === 'received' && (
        <div className="adm-actions">
          <button
            type="button"
            className="btn btn-gold"
            disabled={busy}
            onClick={() =>
              act(
                () => finish(r.number, { outcome: 'replacement' }),
                // Finished, it leaves the open list: the message names the new order.
                (res) => `${r.number}: replacement order ${res.request.replacementNumber ?? ''} placed`,
              )
            }
          >
            Place the replacement order
          </button>
          {r.kind === 'problem' && (
            <button
              type="button"
              className="btn"
              disabled={busy}
              onClick={() => act(() => finish(r.number, { outcome: 'refund' }), `${r.number}: refund to record`)}
            >
              Refund instead
            </button>
          )}
        </div>
      )}
    </li>
  );
}
