/**
 * The dashboard menu's queue counts (issue 37): each queue Needs you counts shows its number beside
 * its link, read from the same stats answer; nothing when none waits, before the answer, or after a
 * failed read.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE } from '../../common/page-paths.ts';
import type { AdminStats } from '../../common/schemas/admin-orders.ts';
import { queueCount, queueLinkName } from './admin-stats.tsx';

/** The stats' attention part with nothing waiting but what `attention` gives. */
function statsWith(attention: Partial<AdminStats['attention']>): Pick<AdminStats, 'attention'> {
  return {
    attention: {
      advancesToCheck: 0,
      advancesUnfound: 0,
      reviewsToModerate: 0,
      ordersToPack: 0,
      shopperConfirmed: 0,
      afterSalesWaiting: 0,
      lowStock: [],
      mailConfigured: true,
      unsentMessages: [],
      unsentCount: 0,
      failedWhatsApp: [],
      failedWhatsAppCount: 0,
      complaintsOpen: 0,
      complaintsOverdue: 0,
      failedDeliveries: 0,
      advancesToSettle: 0,
      inboxWaiting: 0,
      inboxCancels: 0,
      ...attention,
    },
  };
}

describe('the menu’s queue counts', () => {
  const data = statsWith({
    inboxWaiting: 3,
    afterSalesWaiting: 1,
    reviewsToModerate: 7,
    failedDeliveries: 2,
    complaintsOpen: 4,
    ordersToPack: 9,
  });

  it('gives each queue the number Needs you shows for it', () => {
    const shown = (to: string) => queueCount(to, { data, error: null });
    expect(shown(ADMIN_PAGE.inbox)).toBe(3);
    expect(shown(ADMIN_PAGE.afterSales)).toBe(1);
    expect(shown(ADMIN_PAGE.reviews)).toBe(7);
    expect(shown(ADMIN_PAGE.failedDeliveries)).toBe(2);
    expect(shown(ADMIN_PAGE.complaints)).toBe(4);
    // Links without a queue of their own carry no badge, whatever else waits.
    expect(shown(ADMIN_PAGE.orders)).toBeNull();
    expect(shown('/dashboard/products')).toBeNull();
  });

  it('shows nothing when none waits, before the answer, or after a failed read', () => {
    const empty = statsWith({});
    expect(queueCount(ADMIN_PAGE.inbox, { data: empty, error: null })).toBeNull();
    expect(queueCount(ADMIN_PAGE.inbox, { data: undefined, error: null })).toBeNull();
    // A reload that failed keeps the last answer for the dashboard page, but the menu shows no stale number.
    expect(queueCount(ADMIN_PAGE.inbox, { data, error: 'The shop could not be reached' })).toBeNull();
  });

  it('is heard as the link’s name with its count', () => {
    expect(queueLinkName('INBOX', 3)).toBe('INBOX, 3 waiting');
    expect(queueLinkName('COMPLAINTS', 250)).toBe('COMPLAINTS, 250 waiting');
  });
});
