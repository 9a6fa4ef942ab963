import { useState } from 'react';
import { counted } from '../../../common/counted.ts';
import { formatDateTime } from '../../../common/india-time.ts';
import type { FailedDeliveries, FailedDelivery, StoredChoice } from '../../../common/schemas/delivery-choice.ts';
import { formatExpectedDay } from '../../../common/shipments.ts';
import { whatsappLink } from '../../../common/site.ts';
import { LoadError } from '../../components/load-error.tsx';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { Link } from '../../lib/router/index.ts';
import { invalidate, useResource } from '../../lib/use-resource.ts';
import { listFailedDeliveries, sendToCourier } from './failed-deliveries-api.ts';
import './failed-deliveries.css';

/**
 * Failed deliveries (docs/product.md#failed-deliveries): every parcel whose latest step is a failed
 * attempt, oldest first, with the courier's reason, the attempts, and the shopper's choice from
 * their link. "Send to courier" passes the choice to the courier's failed-delivery action (with
 * Shiprocket), or, with the manual courier, marks it sent once the owner has phoned it in.
 */
export function FailedDeliveriesPage() {
  const [done, setDone] = useState<string | null>(null);
  const { data, error, loading, reload } = useResource<FailedDeliveries>('admin:failed-deliveries', (signal) =>
    listFailedDeliveries(signal),
  );
  return (
    <section aria-labelledby="adm-fd-title">
      <div className="adm-heading">
        <h1 id="adm-fd-title">Failed deliveries</h1>
        {data && <p>{queueSummary(data.items)}</p>}
      </div>
      <Message text={done} tone="success" onClose={() => setDone(null)} />
      <LoadError message={error} onRetry={reload} />
      <LoaderOverlay active={loading && !data} />
      {data && data.items.length === 0 && <p className="adm-empty">No parcel is waiting after a failed delivery.</p>}
      {data && data.items.length > 0 && (
        <ul className="adm-fd-list">
          {data.items.map((item) => (
            <FailedCard
              key={item.number}
              item={item}
              automatic={data.automatic}
              onSent={(words) => {
                setDone(words);
                invalidate('admin:stats');
                reload();
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** "2 parcels after a failed attempt, 1 sent to the courier": a sent choice waits on the courier, not the owner. */
function queueSummary(items: FailedDelivery[]): string {
  const sent = items.filter((i) => i.choice?.state === 'sent').length;
  const all = `${counted(items.length, 'parcel')} after a failed attempt`;
  return sent ? `${all}, ${sent} sent to the courier` : all;
}

function choiceText(c: StoredChoice): string {
  if (c.action === 'return') return 'Cancel: return the parcel to the shop';
  const parts = [`Try again on ${c.date ? formatExpectedDay(c.date) : 'the next working day'}`];
  if (c.phone) parts.push(`phone ${c.phone}`);
  if (c.landmark) parts.push(`landmark “${c.landmark}”`);
  return parts.join(', ');
}

const STATE_WORDS: Record<StoredChoice['state'], string> = {
  waiting: 'Not sent yet',
  sending: 'Sending…',
  sent: 'Sent to the courier',
  refused: 'The courier refused',
};

function FailedCard({
  item,
  automatic,
  onSent,
}: {
  item: FailedDelivery;
  automatic: boolean;
  onSent: (words: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = `fd-${item.number}`;
  const c = item.choice;
  // The manual courier (or a parcel typed by hand): the owner phones the courier, then marks it sent.
  const byPhone = !automatic || item.byHand;
  async function send() {
    setBusy(true);
    setFailure(null);
    try {
      await sendToCourier(item.number);
      onSent(
        byPhone ? `Order ${item.number}: marked sent to the courier` : `Order ${item.number}: sent to the courier`,
      );
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="panel adm-fd" aria-labelledby={titleId}>
      <div className="adm-fd-head">
        <h2 id={titleId}>
          <Link to={`/dashboard/orders?q=${encodeURIComponent(item.number)}`}>{item.number}</Link>
        </h2>
        <span>
          {item.attempts} {item.attempts === 1 ? 'attempt' : 'attempts'}
        </span>
        {item.failedAt && <span>{formatDateTime(item.failedAt)}</span>}
      </div>
      <dl>
        <dt>Shopper</dt>
        <dd>
          {item.buyerName} · <a href={`tel:+91${item.phone}`}>{item.phone}</a> ·{' '}
          <a
            href={whatsappLink(
              `91${item.phone}`,
              `Hello ${item.buyerName}, the courier could not deliver your order ${item.number}. Please choose what happens next: ${item.link}`,
            )}
            target="_blank"
            rel="noopener noreferrer"
          >
            WhatsApp the link
          </a>
        </dd>
        <dt>Courier</dt>
        <dd>
          {item.courierName || 'The courier'} · AWB {item.awb}
        </dd>
        <dt>Reason</dt>
        <dd>{item.reason ?? 'No reason given'}</dd>
        <dt>Shopper’s choice</dt>
        <dd>
          {c ? (
            <>
              {choiceText(c)} <span className={`adm-fd-badge adm-fd-badge-${c.state}`}>{STATE_WORDS[c.state]}</span>
              {c.error && <span className="adm-fd-error"> {c.error}</span>}
            </>
          ) : (
            'None yet'
          )}
        </dd>
        <dt>Link</dt>
        <dd className="adm-fd-link">{item.link}</dd>
      </dl>
      {failure && (
        <p className="message message-error" role="alert">
          {failure}
        </p>
      )}
      {c && c.state !== 'sent' && (
        <>
          {byPhone && (
            <p>
              Phone {item.courierName || 'the courier'} with AWB {item.awb}: {choiceText(c)}. Then mark it sent.
            </p>
          )}
          <button type="button" className="btn btn-gold" disabled={busy || c.state === 'sending'} onClick={send}>
            {byPhone ? `Mark ${item.number} sent to the courier` : `Send ${item.number} to the courier`}
          </button>
        </>
      )}
    </li>
  );
}
