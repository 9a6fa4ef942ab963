/**
 * The COD RULES report as CSV (issue 35 item 5): the groups with their rates and intervals, the
 * rupees saved, and the weeks. Written with the leads' CSV writer (leads/csv.ts toCsv). Every cell
 * is the shop's own figure; no shopper's text reaches it.
 */
import { TIER_LABELS } from '../../common/cod-rules.ts';
import type { CodRulesReport } from '../../common/schemas/cod-rules.ts';
import { type CsvCell, toCsv } from '../leads/csv.ts';

const pct = (rate: number | null): CsvCell => (rate === null ? 'too few orders' : (rate * 100).toFixed(1));

export function codRulesCsv(report: CodRulesReport): string {
  const rows: CsvCell[][] = [
    ['COD RULES report', `${report.from} to ${report.to}`],
    ['Freight per return (INR)', report.freightPerReturn],
    [],
    ['Group', 'Orders', 'Delivered', 'Returned', 'Return rate %', '95% low %', '95% high %', 'Lost to returns (INR)'],
    ...report.groups.map((g) => [
      g.group === 'holdout' ? 'Holdout (default advance)' : TIER_LABELS[g.group],
      g.orders,
      g.delivered,
      g.returned,
      pct(g.returnRate),
      g.returnRate === null ? '' : pct(g.rateLow),
      g.returnRate === null ? '' : pct(g.rateHigh),
      g.lostRupees,
    ]),
    [],
    ['Saved against the holdout (INR)', report.savedRupees ?? 'too few orders'],
    [],
    ['Week (Monday)', 'Rules: finished', 'Rules: returned', 'Holdout: finished', 'Holdout: returned'],
    ...report.weeks.map((w) => [w.week, w.rulesFinished, w.rulesReturned, w.holdoutFinished, w.holdoutReturned]),
  ];
  return toCsv(rows);
}
