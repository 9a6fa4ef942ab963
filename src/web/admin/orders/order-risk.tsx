import { TIER_LABELS } from '../../../common/cod-rules.ts';
import type { AdminOrderRisk } from '../../../common/schemas/admin-orders.ts';

/**
 * The order's COD risk beside its advance (issue 35 item 2): the tier it was placed in, whether it
 * was drawn for the holdout (asked the default advance whatever its tier), and each reason with its
 * points, as stored when it was placed. Reasons are the shop's own words and figures.
 */
export function OrderRisk({ risk }: { risk: AdminOrderRisk | null }) {
  if (!risk) return null;
  return (
    <details className="adm-risk">
      <summary>
        {TIER_LABELS[risk.tier]} (score {risk.score}){risk.holdout && ' · holdout: default advance'}
      </summary>
      {risk.reasons.length === 0 ? (
        <p className="adm-risk-reasons">No warning signs.</p>
      ) : (
        <ul className="adm-risk-reasons">
          {risk.reasons.map((r) => (
            <li key={r.reason}>
              {r.reason} ({r.points > 0 ? '+' : ''}
              {r.points})
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
