import {
  type CodRules,
  RISK_SIGNALS,
  RISK_TIERS,
  type RiskTier,
  SIGNAL_INFO,
  TIER_LABELS,
  type TierAdvance,
} from '../../../common/cod-rules.ts';
import { type CodRulesReply, codRulesSchema } from '../../../common/schemas/cod-rules.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useForm } from '../../lib/forms/use-form.ts';
import { saveCodRules } from './cod-rules-api.ts';

/** The form's text values, named as the schema's paths so a refusal lands on its field. */
type Values = Record<string, string>;

const ADVANCE_KINDS: Array<{ kind: TierAdvance['kind']; label: string }> = [
  { kind: 'none', label: 'No advance' },
  { kind: 'default', label: 'The default advance' },
  { kind: 'rupees', label: 'A larger advance in rupees' },
  { kind: 'percent', label: 'A percent of the order' },
  { kind: 'prepaid', label: 'Prepaid only (the whole order)' },
];

function toValues(rules: CodRules): Values {
  const values: Values = {
    'thresholds.medium': String(rules.thresholds.medium),
    'thresholds.high': String(rules.thresholds.high),
    holdoutPercent: String(rules.holdoutPercent),
    freightPerReturn: String(rules.freightPerReturn),
  };
  for (const s of RISK_SIGNALS) values[`weights.${s}`] = String(rules.weights[s]);
  for (const t of RISK_TIERS) {
    const a = rules.advances[t];
    values[`advances.${t}.kind`] = a.kind;
    values[`advances.${t}.value`] =
      a.kind === 'rupees' ? String(a.amount) : a.kind === 'percent' ? String(a.percent) : '';
  }
  return values;
}

/** A typed number as the schema reads it ("" and words stay text, so the schema says what is wrong). */
const num = (text: string | undefined): number | string => {
  const trimmed = (text ?? '').trim();
  return /^-?[0-9]+$/.test(trimmed) ? Number(trimmed) : trimmed;
};

function advanceOf(values: Values, tier: RiskTier): unknown {
  const kind = values[`advances.${tier}.kind`];
  const value = num(values[`advances.${tier}.value`]);
  if (kind === 'rupees') return { kind, amount: value };
  if (kind === 'percent') return { kind, percent: value };
  return { kind };
}

function fromValues(values: Values) {
  return codRulesSchema.safeParse({
    weights: Object.fromEntries(RISK_SIGNALS.map((s) => [s, num(values[`weights.${s}`])])),
    thresholds: { medium: num(values['thresholds.medium']), high: num(values['thresholds.high']) },
    advances: Object.fromEntries(RISK_TIERS.map((t) => [t, advanceOf(values, t)])),
    holdoutPercent: num(values.holdoutPercent),
    freightPerReturn: num(values.freightPerReturn),
  });
}

/**
 * The owner's rules (issue 35 item 2): a weight per signal, the scores where medium and high start,
 * what each tier asks, the holdout and the freight a return costs. Saved rules apply to orders
 * placed after; each placed order keeps what it was asked.
 */
export function RulesForm({ saved, onSaved }: { saved: CodRulesReply; onSaved: (reply: CodRulesReply) => void }) {
  const form = useForm({
    id: 'cod-rules',
    initial: () => toValues(saved.rules),
    check: fromValues,
    send: (rules: CodRules) => saveCodRules(rules),
    success: 'Saved. Orders placed from now on use these rules; placed orders keep theirs.',
    onSuccess: onSaved,
  });
  return (
    <form className="panel adm-cod-form" onSubmit={form.submit} noValidate aria-labelledby="adm-cod-rules-title">
      <h2 id="adm-cod-rules-title">Rules</h2>
      <p className="adm-rem-muted">
        Each warning sign adds its points (a negative weight takes points off; 0 turns it off). The score decides the
        tier; the tier decides the advance. Shoppers never see the score, only the advance and a plain sentence. The
        default advance is ₹{saved.defaultAdvance}.
      </p>
      <fieldset className="adm-cod-weights">
        <legend>Points per warning sign</legend>
        {RISK_SIGNALS.map((s) => (
          <TextField key={s} label={SIGNAL_INFO[s].title} inputMode="numeric" {...form.field(`weights.${s}`)} />
        ))}
      </fieldset>
      <fieldset className="adm-cod-tiers">
        <legend>Tiers</legend>
        <TextField label="Medium risk from a score of" inputMode="numeric" {...form.field('thresholds.medium')} />
        <TextField label="High risk from a score of" inputMode="numeric" {...form.field('thresholds.high')} />
        {RISK_TIERS.map((t) => (
          <div className="adm-cod-tier" key={t}>
            <SelectField label={`${TIER_LABELS[t]}: advance`} {...form.field(`advances.${t}.kind`)}>
              {ADVANCE_KINDS.map((k) => (
                <option key={k.kind} value={k.kind}>
                  {k.label}
                </option>
              ))}
            </SelectField>
            {(form.values[`advances.${t}.kind`] === 'rupees' || form.values[`advances.${t}.kind`] === 'percent') && (
              <TextField
                label={form.values[`advances.${t}.kind`] === 'rupees' ? 'Rupees' : 'Percent'}
                inputMode="numeric"
                {...form.field(`advances.${t}.value`)}
              />
            )}
          </div>
        ))}
      </fieldset>
      <fieldset className="adm-cod-tiers">
        <legend>Proof</legend>
        <TextField
          label="Holdout: percent of orders asked the default advance whatever their tier"
          inputMode="numeric"
          {...form.field('holdoutPercent')}
        />
        <TextField
          label="Freight lost per return (₹, both ways)"
          inputMode="numeric"
          {...form.field('freightPerReturn')}
        />
      </fieldset>
      <Message {...form.messageProps} />
      <div className="adm-actions">
        <button type="submit" className="btn btn-gold" disabled={form.busy}>
          Save rules
        </button>
      </div>
      <LoaderOverlay active={form.busy} label="Saving…" />
    </form>
  );
}
