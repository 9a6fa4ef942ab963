import { useEffect, useState } from 'react';
import { counted } from '../../../common/counted.ts';
import { formatPaise } from '../../../common/gst.ts';
import { gstr1CsvUrl, gstr1JsonUrl } from '../../../common/gstr1-api.ts';
import { GSTR1_SECTIONS, type Gstr1Summary, gstr1QuerySchema } from '../../../common/schemas/gstr1.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useForm } from '../../lib/forms/use-form.ts';
import { loadGstr1 } from './gstr1-api.ts';
import { periodChoices } from './gstr1-periods.ts';
import { SignatureForm } from './gstr1-signature.tsx';
import './gstr1.css';

/**
 * GST returns (docs/product.md#the-books-credit-notes-and-gstr-1): the owner picks a month or a quarter,
 * reads the GSTR-1 summary, and downloads the offline tool's JSON or a table as CSV for the accountant.
 * The signature printed on invoices and credit notes is set here too.
 */
export function Gstr1Page() {
  const [choices] = useState(() => periodChoices(Date.now()));
  const [summary, setSummary] = useState<Gstr1Summary | null>(null);
  const form = useForm({
    id: 'gstr1',
    initial: { period: choices[1]?.key ?? '' },
    check: (values) => gstr1QuerySchema.safeParse(values),
    send: (data) => loadGstr1(data.period),
    defaultField: 'period',
    onSuccess: setSummary,
  });
  // The last month's return is what the owner most often wants: shown at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on opening.
  useEffect(() => {
    loadGstr1(choices[1]!.key).then(setSummary, () => undefined);
  }, []);

  return (
    <section className="adm-gstr1">
      <h1>GST returns</h1>
      <form className="adm-gstr1-pick" onSubmit={form.submit} noValidate>
        <SelectField
          label="Month or quarter"
          addon={
            <button type="submit" className="btn btn-small" disabled={form.busy}>
              Show
            </button>
          }
          {...form.field('period')}
        >
          {choices.map((c) => (
            <option key={c.key} value={c.key}>
              {c.label}
            </option>
          ))}
        </SelectField>
        <Message {...form.messageProps} />
        <LoaderOverlay active={form.busy} label="Building the return…" />
      </form>
      {summary && <Gstr1SummaryView summary={summary} />}
      <SignatureForm />
    </section>
  );
}

function Gstr1SummaryView({ summary }: { summary: Gstr1Summary }) {
  const { period } = summary;
  const money = (paise: number) => formatPaise(paise);
  return (
    <div className="adm-gstr1-summary">
      <h2>
        GSTR-1 for {period.label}{' '}
        <span className="adm-gstr1-fp">
          (GSTIN {summary.gstin}, period {period.fp})
        </span>
      </h2>
      <p>
        {counted(summary.invoices.count, 'invoice')} ({money(summary.invoices.value)}) and{' '}
        {counted(summary.creditNotes.count, 'credit note')} ({money(summary.creditNotes.value)}).
      </p>
      <div className="adm-gstr1-scroll">
        <table className="adm-table adm-gstr1-table">
          <thead>
            <tr>
              <th scope="col">Table</th>
              <th scope="col">Rows</th>
              <th scope="col">Taxable value</th>
              <th scope="col">IGST</th>
              <th scope="col">CGST</th>
              <th scope="col">SGST</th>
            </tr>
          </thead>
          <tbody>
            {summary.tables.map((t) => (
              <tr key={t.table}>
                <th scope="row" title={t.title}>
                  {t.table}
                </th>
                <td data-label="Rows">{t.rows}</td>
                <td data-label="Taxable value">{money(t.taxable)}</td>
                <td data-label="IGST">{money(t.igst)}</td>
                <td data-label="CGST">{money(t.cgst)}</td>
                <td data-label="SGST">{money(t.sgst)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>Documents issued (Table 13)</h3>
      {summary.docs.length === 0 ? (
        <p>No invoices or credit notes in this period.</p>
      ) : (
        <ul className="adm-gstr1-docs">
          {summary.docs.map((d) => (
            <li key={d.nature + d.from}>
              {d.nature}: {d.from} to {d.to}, {counted(d.total, 'document')} in all, {d.cancelled} cancelled
            </li>
          ))}
        </ul>
      )}
      <p className="adm-gstr1-downloads">
        <a className="btn" href={gstr1JsonUrl(period.key)} download>
          Download JSON (offline tool)
        </a>
        {GSTR1_SECTIONS.map((s) => (
          <a key={s} className="btn btn-ghost btn-small" href={gstr1CsvUrl(period.key, s)} download>
            {s.toUpperCase()} CSV
          </a>
        ))}
      </p>
    </div>
  );
}
