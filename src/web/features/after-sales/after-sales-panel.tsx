import { useState } from 'react';
import {
  AFTER_SALES_STATES,
  LINE_SETTLED_STATES,
  PROBLEM_LABELS,
  RETURN_STEP_LABELS,
} from '../../../common/after-sales-rules.ts';
import { POLICY } from '../../../common/constants.ts';
import { formatDateTime } from '../../../common/india-time.ts';
import { PAGE } from '../../../common/page-paths.ts';
import type { OrderAfterSales, ShopperRequest } from '../../../common/schemas/after-sales.ts';
import { LoadError } from '../../components/load-error.tsx';
import { Link } from '../../lib/router/index.ts';
import { useAfterSales } from './after-sales-api.ts';
import { ExchangeForm } from './exchange-form.tsx';
import { ProblemForm } from './problem-form.tsx';
import './after-sales.css';

type Line = OrderAfterSales['lines'][number];

/**
 * After the parcel (docs/product.md#after-sales): on a delivered order, each watch's "Exchange this
 * watch" (within 24 hours of delivery) and "Report a problem" (within 5 days), or why they are gone,
 * and a request already made with where it stands and what the shop said.
 */
export function AfterSalesPanel({ orderNumber, userId }: { orderNumber: string; userId: string }) {
  const { data, error, reload, set } = useAfterSales(orderNumber, userId);
  if (!data) return <LoadError message={error} onRetry={reload} />;
  return (
    <section className="after-sales" aria-labelledby={`as-${orderNumber}`}>
      <h3 id={`as-${orderNumber}`}>Exchange or problem</h3>
      {data.until.exchange && data.until.problem && (
        <p className="order-meta">
          Exchange until {formatDateTime(data.until.exchange)} ({POLICY.exchangeWindowHours} hours after delivery);
          report a wrong, damaged or faulty watch until {formatDateTime(data.until.problem)} ({POLICY.returnWindowDays}{' '}
          days). <Link to={PAGE.refunds}>Return and refund policy</Link>
        </p>
      )}
      <ul className="after-sales-lines">
        {data.lines.map((line) => (
          <LineRequests key={line.lineNo} orderNumber={orderNumber} line={line} data={data} onAsked={set} />
        ))}
      </ul>
    </section>
  );
}

function LineRequests({
  orderNumber,
  line,
  data,
  onAsked,
}: {
  orderNumber: string;
  line: Line;
  data: OrderAfterSales;
  onAsked: (next: OrderAfterSales) => void;
}) {
  const [open, setOpen] = useState<'exchange' | 'problem' | null>(null);
  const request = line.request;
  // An open request holds the line; a watch replaced or refunded is not asked about again.
  const busy = request && (isOpen(request) || LINE_SETTLED_STATES.includes(request.state));
  const done = (next: OrderAfterSales) => {
    setOpen(null);
    onAsked(next);
  };
  return (
    <li className="after-sales-line">
      {data.lines.length > 1 && <p className="after-sales-name">{line.name}</p>}
      {request && <RequestStatus request={request} returnAddress={data.returnAddress} />}
      {!busy && open === null && (
        <div className="after-sales-actions">
          {data.closed.exchange ? (
            <p className="after-sales-gone">{data.closed.exchange}</p>
          ) : (
            <button type="button" className="btn btn-ghost" onClick={() => setOpen('exchange')}>
              Exchange this watch
            </button>
          )}
          {data.closed.problem ? (
            <p className="after-sales-gone">{data.closed.problem}</p>
          ) : (
            <button type="button" className="btn btn-ghost" onClick={() => setOpen('problem')}>
              Report a problem
            </button>
          )}
        </div>
      )}
      {open === 'exchange' && (
        <ExchangeForm
          orderNumber={orderNumber}
          line={line}
          courierEachWay={data.courierEachWay}
          onDone={done}
          onCancel={() => setOpen(null)}
        />
      )}
      {open === 'problem' && (
        <ProblemForm orderNumber={orderNumber} line={line} onDone={done} onCancel={() => setOpen(null)} />
      )}
    </li>
  );
}

function isOpen(request: ShopperRequest): boolean {
  return AFTER_SALES_STATES[request.state].open;
}

function RequestStatus({ request: r, returnAddress }: { request: ShopperRequest; returnAddress: string }) {
  const what =
    r.kind === 'exchange'
      ? `Exchange for ${r.wantedName ?? 'another watch'}`
      : `Problem: ${r.problem ? PROBLEM_LABELS[r.problem] : 'reported'}`;
  return (
    <div className={`after-sales-status after-sales-${r.state}`} role="status">
      <p>
        <strong>{r.number}</strong> · {what} · <span className="badge">{r.stateLabel}</span>
      </p>
      {r.ownerNote && (
        <p>
          {r.state === 'refused' ? 'Why: ' : 'The shop says: '}
          <span className="after-sales-note">{r.ownerNote}</span>
        </p>
      )}
      {r.state === 'approved' && r.returnMethod === 'self' && (
        <p>
          Please pack the watch in its box and send it by any courier or India Post to{' '}
          <span className="after-sales-address">{returnAddress}</span>. Write {r.number} on the parcel and keep the
          courier’s receipt.
        </p>
      )}
      {r.state === 'approved' && r.returnMethod !== 'self' && (
        <p>
          {r.returnAwb
            ? `${r.returnCourier ?? 'The courier'} picks the watch up: return tracking number (AWB) ${r.returnAwb}. Please pack it in its box and write ${r.number} on the parcel.`
            : 'We are booking the courier to pick the watch up; its tracking number will show here.'}
        </p>
      )}
      {r.returnStep && r.state === 'approved' && <p>Return: {RETURN_STEP_LABELS[r.returnStep]}</p>}
      {r.replacementNumber && (
        <p>
          Your replacement is order <strong>{r.replacementNumber}</strong>: see it under{' '}
          <Link to={PAGE.orders}>Your Orders</Link>.
        </p>
      )}
      {r.state === 'refund' && <p>Your refund is sent within {POLICY.refundBusinessDays} business days.</p>}
      {r.state === 'refunded' && <p>Refunded: the amount, the date and its reference are with this order.</p>}
    </div>
  );
}
