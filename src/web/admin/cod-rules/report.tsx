import { REPORT_MIN_FINISHED, TIER_LABELS } from '../../../common/cod-rules.ts';
import { codRulesCsvUrl } from '../../../common/cod-rules-api.ts';
import { formatDate } from '../../../common/india-time.ts';
import { formatRupees } from '../../../common/money.ts';
import type { CodRulesReport, ReportGroup } from '../../../common/schemas/cod-rules.ts';

const pct = (rate: number) => `${(rate * 100).toFixed(1)}%`;
const groupLabel = (g: ReportGroup['group']) => (g === 'holdout' ? 'Holdout (default advance)' : TIER_LABELS[g]);

/** The return rate, or why there is none: "too few orders" rather than a number no one should trust. */
function RateCell({ g }: { g: ReportGroup }) {
  if (g.returnRate === null) {
    return <span className="adm-rem-muted">Too few orders ({g.delivered + g.returned} finished)</span>;
  }
  return (
    <>
      {pct(g.returnRate)}
      <span className="adm-rem-muted">
        {' '}
        ({pct(g.rateLow ?? 0)} to {pct(g.rateHigh ?? 0)})
      </span>
    </>
  );
}

/**
 * Return rate per week, the rules' orders beside the holdout's: two bars a week, a week with too few
 * finished orders on a side drawn hollow. The figures are in the table above and in the CSV.
 */
function WeeksChart({ report }: { report: CodRulesReport }) {
  const weeks = report.weeks.slice(-12);
  if (weeks.length === 0) return <p className="adm-rem-muted">No finished orders in these dates yet.</p>;
  const rate = (returned: number, finished: number) => (finished > 0 ? returned / finished : 0);
  const top = Math.max(
    0.1,
    ...weeks.flatMap((w) => [rate(w.rulesReturned, w.rulesFinished), rate(w.holdoutReturned, w.holdoutFinished)]),
  );
  const width = 320;
  const height = 160;
  const left = 34;
  const bottom = 22;
  const slot = (width - left) / weeks.length;
  const bar = Math.min(18, slot / 2.6);
  const y = (r: number) => (height - bottom) * (1 - r / top);
  const summary = weeks
    .map(
      (w) =>
        `week of ${w.week}: rules ${pct(rate(w.rulesReturned, w.rulesFinished))}, holdout ${pct(rate(w.holdoutReturned, w.holdoutFinished))}`,
    )
    .join('; ');
  return (
    <figure className="adm-cod-chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={`Return rate per week. ${summary}`}>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={left} x2={width} y1={y(top * f)} y2={y(top * f)} className="adm-cod-grid" />
            <text x={left - 4} y={y(top * f) + 4} textAnchor="end" className="adm-cod-axis">
              {Math.round(top * f * 100)}%
            </text>
          </g>
        ))}
        {weeks.map((w, i) => {
          const x = left + i * slot + slot / 2;
          const rulesRate = rate(w.rulesReturned, w.rulesFinished);
          const holdRate = rate(w.holdoutReturned, w.holdoutFinished);
          return (
            <g key={w.week}>
              <rect
                x={x - bar - 1}
                y={y(rulesRate)}
                width={bar}
                height={height - bottom - y(rulesRate)}
                className={w.rulesFinished < REPORT_MIN_FINISHED ? 'adm-cod-rules adm-cod-few' : 'adm-cod-rules'}
              />
              <rect
                x={x + 1}
                y={y(holdRate)}
                width={bar}
                height={height - bottom - y(holdRate)}
                className={w.holdoutFinished < REPORT_MIN_FINISHED ? 'adm-cod-hold adm-cod-few' : 'adm-cod-hold'}
              />
              <text x={x} y={height - 6} textAnchor="middle" className="adm-cod-axis">
                {w.week.slice(5)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <span className="adm-cod-key adm-cod-rules" /> Under the rules <span className="adm-cod-key adm-cod-hold" />{' '}
        Holdout. Return rate of finished orders by week (Monday); hollow: fewer than {REPORT_MIN_FINISHED} finished.
      </figcaption>
    </figure>
  );
}

/** The report (issue 35 item 5): per tier and holdout, rupees lost and saved, weeks, CSV. */
export function CodRulesReportView({ report }: { report: CodRulesReport }) {
  return (
    <section className="panel adm-money-block" aria-labelledby="adm-cod-report-title">
      <h2 id="adm-cod-report-title">
        What the rules did, {formatDate(report.from)} to {formatDate(report.to)}
      </h2>
      <table className="adm-table">
        <caption className="visually-hidden">
          Orders per tier and for the holdout, with return rates and 95% intervals
        </caption>
        <thead>
          <tr>
            <th scope="col">GROUP</th>
            <th scope="col">ORDERS</th>
            <th scope="col">DELIVERED</th>
            <th scope="col">RETURNED</th>
            <th scope="col">RETURN RATE (95% RANGE)</th>
            <th scope="col">LOST TO RETURNS</th>
          </tr>
        </thead>
        <tbody>
          {report.groups.map((g) => (
            <tr key={g.group}>
              <th scope="row" data-label="GROUP">
                {groupLabel(g.group)}
              </th>
              <td data-label="ORDERS">{g.orders}</td>
              <td data-label="DELIVERED">{g.delivered}</td>
              <td data-label="RETURNED">{g.returned}</td>
              <td data-label="RETURN RATE (95% RANGE)">
                <RateCell g={g} />
              </td>
              <td data-label="LOST TO RETURNS" className="adm-rem-amount">
                {formatRupees(g.lostRupees)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="adm-cod-saved">
        {report.savedRupees === null ? (
          <>
            Saved against the holdout: too few orders to say yet (at least {REPORT_MIN_FINISHED} finished on each side).
          </>
        ) : (
          <>
            Saved against the holdout: <strong>{formatRupees(report.savedRupees)}</strong> (holdout returns{' '}
            {pct(report.holdoutRate ?? 0)}, under the rules {pct(report.rulesRate ?? 0)}, at{' '}
            {formatRupees(report.freightPerReturn)} a return).
          </>
        )}
      </p>
      <WeeksChart report={report} />
      <p>
        <a className="btn" href={codRulesCsvUrl(report.from, report.to)} download>
          Download CSV
        </a>
      </p>
    </section>
  );
}
