import { type ChangeEvent, useState } from 'react';
import { formatPaise } from '../../../common/gst.ts';
import { formatDate } from '../../../common/india-time.ts';
import type { CodCash, CodOwed, RemittanceImportReply, RemittanceOutcome } from '../../../common/schemas/remittance.ts';
import { LoadError } from '../../components/load-error.tsx';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { TextField } from '../../components/text-field.tsx';
import { fieldInputId, useForm } from '../../lib/forms/use-form.ts';
import { Link } from '../../lib/router/index.ts';
import { useResource } from '../../lib/use-resource.ts';
import { importRemittance, loadCodCash } from './remittance-api.ts';
import './remittance.css';

const MAX_FILE_BYTES = 10 * 1024 * 1024;

const OUTCOME_WORDS: Record<RemittanceOutcome, string> = {
  paid: 'Paid in full',
  short: 'Short',
  over: 'Over',
  unknown: 'Unknown AWB',
};

function OrderLink({ number }: { number: string | null }) {
  if (!number) return <>—</>;
  return <Link to={`/dashboard/orders?q=${encodeURIComponent(number)}`}>{number}</Link>;
}

/**
 * COD remittance (docs/product.md "COD remittance"): what couriers still hold, and the owner's
 * upload of the courier's remittance report, matched AWB by AWB with the orders.
 */
export function RemittancePage() {
  const cash = useResource<CodCash>('admin:cod-cash', (signal) => loadCodCash(signal));
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<RemittanceImportReply | null>(null);
  const form = useForm({
    id: 'remittance',
    initial: { fileName: '' },
    check: () =>
      file ? { ok: true, data: file } : { ok: false, field: 'file', message: 'Please choose the report (a CSV file)' },
    send: (chosen: File) => importRemittance(chosen),
    defaultField: 'file',
    onSuccess: (reply) => {
      setResult(reply);
      cash.reload();
    },
  });

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.currentTarget.files?.[0] ?? null;
    form.reset();
    setResult(null);
    setFile(null);
    if (!chosen) return;
    if (chosen.size > MAX_FILE_BYTES) return form.fail('This report is too large (at most 10 MB).', 'file');
    setFile(chosen);
    form.reset({ fileName: chosen.name });
  }

  return (
    <section aria-labelledby="adm-rem-title">
      <div className="adm-heading">
        <h1 id="adm-rem-title">COD remittance</h1>
      </div>
      <LoadError message={cash.error} onRetry={cash.reload} />
      {cash.data && <CashPanel cash={cash.data} />}
      <form className="panel adm-rem-upload" onSubmit={form.submit} noValidate aria-label="Import a remittance report">
        <p className="adm-rem-hint">
          Export the COD remittance report from Shiprocket (Billing → COD Remittance) as CSV, or fill the shop’s
          template for another courier: AWB, Order, Amount remitted, Remitted on, UTR. Each AWB is matched with its
          order; importing a report twice changes nothing.
        </p>
        <TextField
          id={fieldInputId('remittance', 'file')}
          label="Remittance report (CSV)"
          type="file"
          accept=".csv,text/csv"
          error={form.errors.file}
          showError={false}
          onChange={pick}
        />
        <Message {...form.messageProps} autoHideMs={null} />
        <div className="adm-actions">
          <button type="submit" className="btn btn-gold" disabled={form.busy || !file}>
            Import
          </button>
        </div>
        <LoaderOverlay active={form.busy} label="Reading the report…" />
      </form>
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

function MatchTable({ result }: { result: RemittanceImportReply }) {
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
