import { useState } from 'react';
import { formatPaise } from '../../../common/gst.ts';
import { formatDate } from '../../../common/india-time.ts';
import {
  type CodCash,
  type CodOwed,
  type RemittanceImported,
  type RemittanceOutcome,
  remittanceLayoutInputSchema,
} from '../../../common/schemas/remittance.ts';
import { LoadError } from '../../components/load-error.tsx';
import { Link } from '../../lib/router/index.ts';
import { useResource } from '../../lib/use-resource.ts';
import { MappedCsvUpload, type MappedRole } from './csv-mapping-form.tsx';
import { importRemittance, loadCodCash, saveRemittanceLayout } from './remittance-api.ts';
import './remittance.css';

const OUTCOME_WORDS: Record<RemittanceOutcome, string> = {
  paid: 'Paid in full',
  short: 'Short',
  over: 'Over',
  unknown: 'Unknown AWB',
};

/** What a remittance report's mapping names: the AWB and the amount remitted, and three optional columns. */
const REMITTANCE_ROLES: ReadonlyArray<MappedRole<'awb' | 'remitted' | 'orderRef' | 'date' | 'reference'>> = [
  { key: 'awb', label: 'AWB (tracking number)' },
  { key: 'remitted', label: 'Amount remitted' },
  { key: 'orderRef', label: 'Order number', optional: true },
  { key: 'date', label: 'Date remitted', optional: true },
  { key: 'reference', label: 'UTR or reference', optional: true },
];

function OrderLink({ number }: { number: string | null }) {
  if (!number) return <>—</>;
  return <Link to={`/dashboard/orders?q=${encodeURIComponent(number)}`}>{number}</Link>;
}

/**
 * COD remittance (docs/product.md "COD remittance"): what couriers still hold, and the owner's
 * upload of the courier's remittance report, matched AWB by AWB with the orders. A layout we do not
 * know is mapped once (which column holds what), then remembered, as the bank statement's.
 */
export function RemittancePage() {
  const cash = useResource<CodCash>('admin:cod-cash', (signal) => loadCodCash(signal));
  const [result, setResult] = useState<RemittanceImported | null>(null);

  return (
    <section aria-labelledby="adm-rem-title">
      <div className="adm-heading">
        <h1 id="adm-rem-title">COD remittance</h1>
      </div>
      <LoadError message={cash.error} onRetry={cash.reload} />
      {cash.data && <CashPanel cash={cash.data} />}
      <MappedCsvUpload
        upload={{
          id: 'remittance',
          title: 'Import a remittance report',
          hint: (
            <>
              Export the COD remittance report from Shiprocket (Billing → COD Remittance) as CSV, or fill the shop’s
              template for another courier: AWB, Order, Amount remitted, Remitted on, UTR (another courier’s report is
              mapped once). Each AWB is matched with its order; importing a report twice changes nothing.
            </>
          ),
          fileLabel: 'Remittance report (CSV)',
          what: 'report',
          maxMb: 10,
          busyLabel: 'Reading the report…',
          send: importRemittance,
        }}
        layout={{
          id: 'remittance-layout',
          roles: REMITTANCE_ROLES,
          remembered: 'this courier’s next reports',
          check: (values) => remittanceLayoutInputSchema.safeParse(values),
          save: saveRemittanceLayout,
        }}
        onResult={(imported) => {
          setResult(imported);
          if (imported) cash.reload();
        }}
      />
      {result && <MatchTable result={result} />}
    </section>
  );
}

function CashPanel({ cash }: { cash: CodCash }) {
  return (
    <section className="panel adm-rem-cash" aria-labelledby="adm-rem-cash-title">
      <h2 id="adm-rem-cash-title">Cash still with couriers</h2>
      <p className="adm-rem-big">
        {formatPaise(cash.withCouriersPaise)}{' '}
        <span className="adm-rem-muted">
          for {cash.withCouriersOrders} delivered {cash.withCouriersOrders === 1 ? 'order' : 'orders'}
        </span>
      </p>
      <OwedList
        id="adm-rem-late"
        title={`Delivered more than ${cash.lateAfterDays} days ago, nothing remitted`}
        list={cash.late}
      />
      <OwedList id="adm-rem-short" title="Short payments" list={cash.short} />
    </section>
  );
}

function OwedList({ id, title, list }: { id: string; title: string; list: { total: number; rows: CodOwed[] } }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>
        {title} <span className="adm-rem-muted">({list.total})</span>
      </h3>
      {list.total === 0 ? (
        <p className="adm-rem-muted">None.</p>
      ) : (
        <table className="adm-table adm-rem-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">ORDER</th>
              <th scope="col">AWB</th>
              <th scope="col">DELIVERED</th>
              <th scope="col">EXPECTED</th>
              <th scope="col">REMITTED</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((r) => (
              <tr key={r.order}>
                <td data-label="ORDER">
                  <OrderLink number={r.order} />
                </td>
                <td data-label="AWB" className="adm-id">
                  {r.awb ?? '—'} {r.courierName && <span className="adm-rem-muted">{r.courierName}</span>}
                </td>
                <td data-label="DELIVERED">{formatDate(r.deliveredAt)}</td>
                <td data-label="EXPECTED" className="adm-rem-amount">
                  {formatPaise(r.expectedPaise)}
                </td>
                <td data-label="REMITTED" className="adm-rem-amount">
                  {formatPaise(r.remittedPaise)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.total > list.rows.length && (
        <p className="adm-rem-muted">
          The first {list.rows.length} of {list.total} are shown.
        </p>
      )}
    </section>
  );
}

function MatchTable({ result }: { result: RemittanceImported }) {
  const short = result.rows.filter((r) => r.outcome === 'short').length;
  const unknown = result.rows.filter((r) => r.outcome === 'unknown').length;
  return (
    <section className="panel adm-rem-result" aria-labelledby="adm-rem-result-title">
      <h2 id="adm-rem-result-title">
        {result.fileName} <span className="adm-rem-muted">({result.layout})</span>
      </h2>
      <p className="adm-rem-summary" role="status">
        {result.linesRead} lines read, {result.newLines} new. {result.total} AWBs: {short} short, {unknown} unknown.
        {result.newLines === 0 && result.linesRead > 0 && ' This report was imported before: nothing changed.'}
      </p>
      {result.skipped.total > 0 && (
        <p className="adm-rem-muted">
          {result.skipped.total} lines skipped:{' '}
          {result.skipped.rows.map((s) => `line ${s.line} (${s.message})`).join('; ')}.
        </p>
      )}
      <table className="adm-table adm-rem-table">
        <caption className="visually-hidden">Each AWB of the report matched with its order</caption>
        <thead>
          <tr>
            <th scope="col">AWB</th>
            <th scope="col">ORDER</th>
            <th scope="col">EXPECTED</th>
            <th scope="col">REMITTED</th>
            <th scope="col">DATE</th>
            <th scope="col">UTR</th>
            <th scope="col">RESULT</th>
          </tr>
        </thead>
        <tbody>
          {result.rows.map((r) => (
            <tr key={r.awb} className={`adm-rem-${r.outcome}`}>
              <td data-label="AWB" className="adm-id">
                {r.awb}
              </td>
              <td data-label="ORDER" className="adm-rem-text">
                {r.order ? <OrderLink number={r.order} /> : r.orderRef || '—'}
              </td>
              <td data-label="EXPECTED" className="adm-rem-amount">
                {r.expectedPaise === null ? '—' : formatPaise(r.expectedPaise)}
              </td>
              <td data-label="REMITTED" className="adm-rem-amount">
                {formatPaise(r.remittedPaise)}
              </td>
              <td data-label="DATE">{r.remittedOn ? formatDate(r.remittedOn) : '—'}</td>
              <td data-label="UTR" className="adm-rem-text">
                {r.reference || '—'}
              </td>
              <td data-label="RESULT">
                <strong>{OUTCOME_WORDS[r.outcome]}</strong>
                {r.outcome === 'short' && r.expectedPaise !== null && (
                  <span className="adm-rem-muted"> {formatPaise(r.expectedPaise - r.remittedPaise)} missing</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {result.total > result.rows.length && (
        <p className="adm-rem-muted">
          The first {result.rows.length} of {result.total} are shown.
        </p>
      )}
    </section>
  );
}
