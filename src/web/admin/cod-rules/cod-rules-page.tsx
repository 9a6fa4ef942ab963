import { useEffect, useState } from 'react';
import type { CodRulesReply, CodRulesReport } from '../../../common/schemas/cod-rules.ts';
import { moneyQuerySchema } from '../../../common/schemas/money.ts';
import { LoadError } from '../../components/load-error.tsx';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { TextField } from '../../components/text-field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useForm } from '../../lib/forms/use-form.ts';
import { loadCodRules, loadCodRulesReport } from './cod-rules-api.ts';
import { CodRulesReportView } from './report.tsx';
import { RulesForm } from './rules-form.tsx';
import './cod-rules.css';

/** The last twelve weeks to today, as India dates. */
function lastWeeks(now: number): { from: string; to: string } {
  const day = (ms: number) => new Date(ms + 5.5 * 3_600_000).toISOString().slice(0, 10);
  return { from: day(now - 83 * 86_400_000), to: day(now) };
}

/**
 * COD RULES (docs/product.md "Cash on delivery"; issue 35 items 2 and 5): the owner's rules for the
 * advance a cash-on-delivery order is asked by its risk, and the report of what they did against
 * the holdout.
 */
export function CodRulesPage() {
  const [saved, setSaved] = useState<CodRulesReply | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [report, setReport] = useState<CodRulesReport | null>(null);
  const [initial] = useState(() => lastWeeks(Date.now()));
  const range = useForm({
    id: 'cod-report',
    initial,
    check: (values) => moneyQuerySchema.safeParse(values),
    send: (data) => loadCodRulesReport(data.from, data.to),
    defaultField: 'from',
    onSuccess: setReport,
  });
  const loadRules = () => {
    setLoadError(null);
    loadCodRules().then(setSaved, (err) => setLoadError(errorMessage(err)));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on opening.
  useEffect(() => {
    loadRules();
    loadCodRulesReport(initial.from, initial.to).then(setReport, () => undefined);
  }, []);

  return (
    <section aria-labelledby="adm-cod-title">
      <div className="adm-heading">
        <h1 id="adm-cod-title">COD rules</h1>
      </div>
      <form className="panel adm-money-pick" onSubmit={range.submit} noValidate aria-label="Choose the report’s dates">
        <div className="adm-money-range">
          <TextField label="From" type="date" {...range.field('from')} />
          <TextField label="To" type="date" {...range.field('to')} />
        </div>
        <Message {...range.messageProps} />
        <div className="adm-actions">
          <button type="submit" className="btn btn-gold" disabled={range.busy}>
            Show
          </button>
        </div>
        <LoaderOverlay active={range.busy} label="Adding up…" />
      </form>
      {report && <CodRulesReportView report={report} />}
      <LoadError message={loadError} onRetry={loadRules} />
      {saved && <RulesForm saved={saved} onSaved={setSaved} />}
    </section>
  );
}
