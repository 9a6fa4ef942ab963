import type { ReactNode } from 'react';
import { counted } from '../../../common/counted.ts';
import { formatDate, formatDateTime } from '../../../common/india-time.ts';
import { formatRupees, groupIndian } from '../../../common/money.ts';
import type { MissingUtr, StatementImported, StatementLineRow } from '../../../common/schemas/statement.ts';
import { Link } from '../../lib/router/index.ts';

/** Paise as the bank wrote them: ₹1,20,300.50 (₹300.00 for whole rupees). */
export function formatPaise(paise: number): string {
  return `₹${groupIndian(Math.floor(paise / 100))}.${String(paise % 100).padStart(2, '0')}`;
}

function OrderLink({ number }: { number: string | null }) {
  if (!number) return <>—</>;
  return <Link to={`/dashboard/orders?q=${encodeURIComponent(number)}`}>{number}</Link>;
}

function Section({
  id,
  title,
  hint,
  total,
  shown,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  total: number;
  shown: number;
  children: ReactNode;
}) {
  return (
    <section className="panel adm-stm-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        {title} <span className="adm-stm-count">({total})</span>
      </h2>
      <p className="adm-stm-hint">{hint}</p>
      {total === 0 ? <p className="adm-stm-none">None.</p> : children}
      {total > shown && (
        <p className="adm-stm-hint">
          The first {shown} of {total} are shown.
        </p>
      )}
    </section>
  );
}

/** The bank's lines of one list; `withOrder` adds the order and its advance (amounts that differ). */
function LineTable({ rows, caption, amounts }: { rows: StatementLineRow[]; caption: string; amounts?: boolean }) {
  return (
    <table className="adm-table adm-stm-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">LINE</th>
          <th scope="col">DATE</th>
          <th scope="col">{amounts ? 'CREDITED' : 'AMOUNT'}</th>
          {amounts && <th scope="col">ORDER’S ADVANCE</th>}
          <th scope="col">UTR</th>
          <th scope="col">ORDER</th>
          <th scope="col">NARRATION</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.line}>
            <td data-label="LINE">{r.line}</td>
            <td data-label="DATE" className="adm-stm-nowrap">
              {formatDate(r.date)}
            </td>
            <td data-label={amounts ? 'CREDITED' : 'AMOUNT'} className="adm-stm-amount">
              {formatPaise(r.amountPaise)}
            </td>
            {amounts && (
              <td data-label="ORDER’S ADVANCE" className="adm-stm-amount">
                {r.orderAdvance === null ? '—' : formatRupees(r.orderAdvance)}
              </td>
            )}
            <td data-label="UTR" className="adm-id">
              {r.utr ?? '—'}
            </td>
            <td data-label="ORDER" className="adm-stm-nowrap">
              <OrderLink number={r.order} />
            </td>
            <td data-label="NARRATION" className="adm-stm-narration">
              {r.narration}
              {r.note && <span className="adm-stm-note">{r.note}</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MissingTable({ rows }: { rows: MissingUtr[] }) {
  return (
    <table className="adm-table adm-stm-table">
      <caption className="visually-hidden">UTRs not in the statement</caption>
      <thead>
        <tr>
          <th scope="col">ORDER</th>
          <th scope="col">UTR</th>
          <th scope="col">ADVANCE</th>
          <th scope="col">SENT</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.order}>
            <td data-label="ORDER" className="adm-stm-nowrap">
              <OrderLink number={r.order} />
            </td>
            <td data-label="UTR" className="adm-id">
              {r.utr}
            </td>
            <td data-label="ADVANCE" className="adm-stm-amount">
              {formatRupees(r.advance)}
            </td>
            <td data-label="SENT">{formatDateTime(r.submittedAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The import's result table (docs/product.md "The books: advances from the bank statement"). */
export function StatementResult({ result }: { result: StatementImported }) {
  const period =
    result.firstDate && result.lastDate
      ? ` from ${formatDate(result.firstDate)} to ${formatDate(result.lastDate)}`
      : '';
  return (
    <div className="adm-stm-result" aria-live="polite">
      <p className="panel adm-stm-summary">
        <strong>{result.fileName}</strong> ({result.layout}): {counted(result.linesRead, 'transaction')}
        {period}, {counted(result.credits, 'credit')}, {result.newCredits} new.{' '}
        {result.credits > 0 &&
          result.newCredits === 0 &&
          'Every credit of this statement was imported before: nothing changed.'}
        {result.skipped.total > 0 &&
          ` ${result.skipped.total} lines could not be read (line ${result.skipped.rows
            .map((s) => `${s.line}: ${s.message}`)
            .join('; line ')}).`}
      </p>
      <Section
        id="adm-stm-matched"
        title="Matched"
        hint="Credits whose UTR and amount are a submitted advance’s: marked received, with this line kept as proof."
        total={result.matched.total}
        shown={result.matched.rows.length}
      >
        <LineTable rows={result.matched.rows} caption="Matched credits" />
      </Section>
      <Section
        id="adm-stm-differs"
        title="Amount differs"
        hint="The UTR is an order’s, the amount is not its advance: not marked. Check with the shopper."
        total={result.amountDiffers.total}
        shown={result.amountDiffers.rows.length}
      >
        <LineTable rows={result.amountDiffers.rows} caption="Credits whose amount differs" amounts />
      </Section>
      <Section
        id="adm-stm-missing"
        title="Not in the statement after 2 days"
        hint="UTRs shoppers typed 2 days or more before the statement’s last day that no imported statement holds."
        total={result.notInStatement.total}
        shown={result.notInStatement.rows.length}
      >
        <MissingTable rows={result.notInStatement.rows} />
      </Section>
      <Section
        id="adm-stm-no-order"
        title="No order"
        hint="Credits of this statement that no order’s UTR names: other payments, or a UTR typed wrong."
        total={result.noOrder.total}
        shown={result.noOrder.rows.length}
      >
        <LineTable rows={result.noOrder.rows} caption="Credits with no order" />
      </Section>
    </div>
  );
}
