import { useEffect, useState } from 'react';
import { formatPaise, formatRate } from '../../../common/gst.ts';
import { formatDate } from '../../../common/india-time.ts';
import { moneyCsvUrl } from '../../../common/money-api.ts';
import { MONEY_FIGURES } from '../../../common/money-figures.ts';
import { type MoneyGlance, moneyQuerySchema } from '../../../common/schemas/money.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useForm } from '../../lib/forms/use-form.ts';
import { Link } from '../../lib/router/index.ts';
import { loadMoney } from './remittance-api.ts';
import './remittance.css';

/** Today and the first of this month as India dates (YYYY-MM-DD). */
function thisMonth(now: number): { from: string; to: string } {
  const today = new Date(now + 5.5 * 3_600_000).toISOString().slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/**
 * Money at a glance (docs/product.md "Money at a glance"): for any range of dates, the orders and
 * their value, the advances, the COD cash from couriers, returns, GST by rate and the sales register;
 * the same as CSV for the accountant.
 */
export function MoneyPage() {
  const [initial] = useState(() => thisMonth(Date.now()));
  const [glance, setGlance] = useState<MoneyGlance | null>(null);
  const form = useForm({
    id: 'money',
    initial,
    check: (values) => moneyQuerySchema.safeParse(values),
    send: (data) => loadMoney(data.from, data.to),
    defaultField: 'from',
    onSuccess: setGlance,
  });
  // This month so far is shown at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on opening.
  useEffect(() => {
    loadMoney(initial.from, initial.to).then(setGlance, () => undefined);
  }, []);

  return (
    <section aria-labelledby="adm-money-title">
      <div className="adm-heading">
        <h1 id="adm-money-title">Money at a glance</h1>
      </div>
      <form className="panel adm-money-pick" onSubmit={form.submit} noValidate aria-label="Choose the dates">
        <div className="adm-money-range">
          <TextField label="From" type="date" {...form.field('from')} />
          <TextField label="To" type="date" {...form.field('to')} />
        </div>
        <Message {...form.messageProps} />
        <div className="adm-actions">
          <button type="submit" className="btn btn-gold" disabled={form.busy}>
            Show
          </button>
        </div>
        <LoaderOverlay active={form.busy} label="Adding up…" />
      </form>
      {glance && <Glance glance={glance} />}
    </section>
  );
}

function Glance({ glance: g }: { glance: MoneyGlance }) {
  return (
    <>
      <section className="panel adm-money-block" aria-labelledby="adm-money-orders">
        <h2 id="adm-money-orders">
          {formatDate(g.from)} to {formatDate(g.to)}
        </h2>
        <ul className="adm-money-figures">
          {MONEY_FIGURES.map((f) => (
            <li className="card" key={f.label}>
              <strong>{formatPaise(f.paise(g))}</strong>
              {f.label}
              {f.count && <span className="adm-rem-muted"> ({f.count(g)})</span>}
            </li>
          ))}
        </ul>
        <p>
          <a className="btn" href={moneyCsvUrl(g.from, g.to)} download>
            Download CSV for the accountant
          </a>{' '}
          <Link to="/dashboard/books/remittance">COD remittance</Link>
        </p>
      </section>
      <section className="panel adm-money-block" aria-labelledby="adm-money-gst">
        <h2 id="adm-money-gst">GST payable by rate</h2>
        {g.gst.length === 0 ? (
          <p className="adm-rem-muted">No tax invoices or credit notes in these dates.</p>
        ) : (
          <table className="adm-table">
            <caption className="visually-hidden">GST by rate, invoices less credit notes</caption>
            <thead>
              <tr>
                <th scope="col">RATE</th>
                <th scope="col">TAXABLE</th>
                <th scope="col">CGST</th>
                <th scope="col">SGST</th>
                <th scope="col">IGST</th>
              </tr>
            </thead>
            <tbody>
              {g.gst.map((r) => (
                <tr key={r.rateBp}>
                  <td data-label="RATE">{formatRate(r.rateBp)}</td>
                  <td data-label="TAXABLE" className="adm-rem-amount">
                    {formatPaise(r.taxablePaise)}
                  </td>
                  <td data-label="CGST" className="adm-rem-amount">
                    {formatPaise(r.cgstPaise)}
                  </td>
                  <td data-label="SGST" className="adm-rem-amount">
                    {formatPaise(r.sgstPaise)}
                  </td>
                  <td data-label="IGST" className="adm-rem-amount">
                    {formatPaise(r.igstPaise)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="panel adm-money-block" aria-labelledby="adm-money-register">
        <h2 id="adm-money-register">
          Sales register <span className="adm-rem-muted">({g.register.total})</span>
        </h2>
        {g.register.total === 0 ? (
          <p className="adm-rem-muted">None.</p>
        ) : (
          <table className="adm-table">
            <caption className="visually-hidden">One row per invoice and credit note</caption>
            <thead>
              <tr>
                <th scope="col">DOCUMENT</th>
                <th scope="col">DATE</th>
                <th scope="col">ORDER</th>
                <th scope="col">BUYER</th>
                <th scope="col">TAXABLE</th>
                <th scope="col">TAX</th>
                <th scope="col">TOTAL</th>
              </tr>
            </thead>
            <tbody>
              {g.register.rows.map((r) => (
                <tr key={r.number}>
                  <td data-label="DOCUMENT" className="adm-id">
                    {r.number}
                    {r.type === 'credit-note' && (
                      <span className="adm-rem-muted"> credit note of {r.invoiceNumber}</span>
                    )}
                  </td>
                  <td data-label="DATE">{formatDate(r.date)}</td>
                  <td data-label="ORDER">{r.order}</td>
                  <td data-label="BUYER" className="adm-rem-text">
                    {r.buyer}
                  </td>
                  <td data-label="TAXABLE" className="adm-rem-amount">
                    {formatPaise(r.taxablePaise)}
                  </td>
                  <td data-label="TAX" className="adm-rem-amount">
                    {formatPaise(r.cgstPaise + r.sgstPaise + r.igstPaise)}
                  </td>
                  <td data-label="TOTAL" className="adm-rem-amount">
                    {formatPaise(r.totalPaise)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {g.register.total > g.register.rows.length && (
          <p className="adm-rem-muted">
            The first {g.register.rows.length} of {g.register.total} are shown; the CSV has them all.
          </p>
        )}
      </section>
    </>
  );
}
