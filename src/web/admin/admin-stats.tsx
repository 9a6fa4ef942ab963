/**
 * The dashboard's one stats answer (GET /api/admin/stats), shared by Needs you (stats-page.tsx) and
 * the menu's queue counts (admin-layout.tsx): one request serves both, so the menu's numbers are
 * always the ones Needs you shows (docs/product.md#admin-dashboard, "Queue counts"; issue 37).
 */
import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react';
import { ADMIN_PAGE } from '../../common/page-paths.ts';
import type { AdminStats } from '../../common/schemas/admin-orders.ts';
import { useLocation } from '../lib/router/index.ts';
import { onInvalidate, type Resource, useResource } from '../lib/use-resource.ts';
import { adminApi } from './admin-api.ts';

const STATS_KEY = 'admin:stats';

const StatsContext = createContext<Resource<AdminStats> | null>(null);

/**
 * Loads the stats once for the dashboard and again when the owner moves to another dashboard
 * screen or an action invalidates them (e.g. a complaint marked answered), so the menu's counts
 * follow what was done. While a reload is under way the last answer stays shown.
 */
export function AdminStatsProvider({ children }: { children: ReactNode }) {
  const stats = useResource<AdminStats>(STATS_KEY, (signal) => adminApi.stats(signal));
  const { reload } = stats;
  const { pathname } = useLocation();
  const shownPath = useRef(pathname);
  useEffect(() => {
    // The first render's load is under way already: only a move to another screen reloads.
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    reload();
  }, [pathname, reload]);
  useEffect(() => onInvalidate(STATS_KEY, reload), [reload]);
  return <StatsContext.Provider value={stats}>{children}</StatsContext.Provider>;
}

export function useAdminStats(): Resource<AdminStats> {
  const stats = useContext(StatsContext);
  if (!stats) throw new Error('useAdminStats needs AdminStatsProvider (admin-layout.tsx)');
  return stats;
}

/**
 * The menu's queues and the Needs you count each shows (needs-you.tsx shows the same numbers):
 * conversations to answer, exchanges and problems to act on, reviews to read, failed deliveries to
 * act on, complaints to answer.
 */
export const QUEUE_COUNTS: Record<string, (attention: AdminStats['attention']) => number> = {
  [ADMIN_PAGE.inbox]: (a) => a.inboxWaiting,
  [ADMIN_PAGE.afterSales]: (a) => a.afterSalesWaiting,
  [ADMIN_PAGE.reviews]: (a) => a.reviewsToModerate,
  [ADMIN_PAGE.failedDeliveries]: (a) => a.failedDeliveries,
  [ADMIN_PAGE.complaints]: (a) => a.complaintsOpen,
};

/**
 * A menu link's waiting count, or null when there is none to show: the link has no queue, the
 * stats are not in yet, their last read failed (no badge rather than an error in the menu), or
 * nothing waits.
 */
export function queueCount(
  to: string,
  stats: { data: Pick<AdminStats, 'attention'> | undefined; error: string | null },
): number | null {
  const count = QUEUE_COUNTS[to];
  if (!count || !stats.data || stats.error) return null;
  const n = count(stats.data.attention);
  return n > 0 ? n : null;
}

/**
 * The menu link's name with its count, as a screen reader says it: "INBOX, 3 waiting". The badge
 * shows the whole number (never "99+"), so the name always holds the text seen, "INBOX 3".
 */
export function queueLinkName(label: string, n: number): string {
  return `${label}, ${n} waiting`;
}
