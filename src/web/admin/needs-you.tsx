import { formatDateTime } from '../../common/india-time.ts';
import { ADMIN_PAGE } from '../../common/page-paths.ts';
import type { AdminStats } from '../../common/schemas/admin-orders.ts';
import { whatsAppKindLabel } from '../../common/whatsapp-kinds.ts';
import { Link } from '../lib/router/index.ts';

/**
 * The dashboard's first block (docs/product.md#the-packing-gate): what needs the owner now:
 * advances to check, orders to pack, watches low on stock, and mail that has
 * not gone out (with why, when no mail server is set).
 */
export function NeedsYou({ attention }: { attention: AdminStats['attention'] }) {
  const { advancesToCheck, ordersToPack, lowStock, mailConfigured, unsentMessages, unsentCount } = attention;
  const { complaintsOpen, complaintsOverdue } = attention;
  const showMail = !mailConfigured || unsentCount > 0;
  const nothing =
    advancesToCheck === 0 &&
    ordersToPack === 0 &&
    attention.shopperConfirmed === 0 &&
    complaintsOpen === 0 &&
    attention.failedDeliveries === 0 &&
    attention.advancesToSettle === 0 &&
    lowStock.length === 0 &&
    attention.failedWhatsAppCount === 0 &&
    attention.afterSalesWaiting === 0 &&
    attention.inboxWaiting === 0 &&
    attention.inboxCancels === 0 &&
    attention.reviewsToModerate === 0 &&
    !showMail;
  return (
    <section className="panel adm-needs" aria-labelledby="adm-needs-title">
      <h2 id="adm-needs-title">Needs you</h2>
      {nothing && <p className="adm-needs-none">Nothing needs you now.</p>}
      <div className="adm-needs-counts">
        <Link
          className={`card adm-need${advancesToCheck > 0 ? ' adm-need-on' : ''}${attention.advancesUnfound > 0 ? ' adm-need-late' : ''}`}
          to="/dashboard/orders?advance=submitted"
        >
          <strong>{advancesToCheck}</strong> {advancesToCheck === 1 ? 'advance' : 'advances'} to check
          {/* docs/product.md#unpaid-orders: a reference not found in time expires with its order unless marked. */}
          {attention.advancesUnfound > 0 && (
            <span className="adm-need-note">
              {attention.advancesUnfound} not found in time:{' '}
              {attention.advancesUnfound === 1 ? 'it expires' : 'they expire'} unless marked
            </span>
          )}
        </Link>
        <Link
          className={`card adm-need${ordersToPack > 0 ? ' adm-need-on' : ''}`}
          to="/dashboard/orders?status=ordered"
        >
          <strong>{ordersToPack}</strong> {ordersToPack === 1 ? 'order' : 'orders'} to pack
        </Link>
        {/* docs/whatsapp.md: cash-on-delivery orders the shopper confirmed with WhatsApp's button. */}
        {attention.shopperConfirmed > 0 && (
          <Link className="card adm-need adm-need-on" to="/dashboard/orders?status=ordered">
            <strong>{attention.shopperConfirmed}</strong> {attention.shopperConfirmed === 1 ? 'order' : 'orders'}{' '}
            confirmed by the shopper
          </Link>
        )}
        {/* docs/product.md#contact: complaints past 48 hours stand out. */}
        <Link
          className={`card adm-need${complaintsOpen > 0 ? ' adm-need-on' : ''}${complaintsOverdue > 0 ? ' adm-need-late' : ''}`}
          to={ADMIN_PAGE.complaints}
        >
          <strong>{complaintsOpen}</strong> {complaintsOpen === 1 ? 'complaint' : 'complaints'} to answer
          {complaintsOverdue > 0 && <span className="adm-need-note">{complaintsOverdue} past 48 hours</span>}
        </Link>
        {/* Issue 37: shoppers' WhatsApp messages not answered yet, and orders they cancelled with the button. */}
        <Link
          className={`card adm-need${attention.inboxWaiting > 0 ? ' adm-need-on' : ''}${attention.inboxCancels > 0 ? ' adm-need-late' : ''}`}
          to={ADMIN_PAGE.inbox}
        >
          <strong>{attention.inboxWaiting}</strong>{' '}
          {attention.inboxWaiting === 1 ? 'WhatsApp conversation' : 'WhatsApp conversations'} to answer
          {attention.inboxCancels > 0 && (
            <span className="adm-need-note">
              {attention.inboxCancels} {attention.inboxCancels === 1 ? 'order' : 'orders'} cancelled on WhatsApp
            </span>
          )}
        </Link>
        {/* docs/product.md#failed-deliveries: parcels whose shopper's choice is not with the courier yet. */}
        <Link
          className={`card adm-need${attention.failedDeliveries > 0 ? ' adm-need-on' : ''}`}
          to={ADMIN_PAGE.failedDeliveries}
        >
          <strong>{attention.failedDeliveries}</strong>{' '}
          {attention.failedDeliveries === 1 ? 'failed delivery' : 'failed deliveries'} to act on
        </Link>
        {/* docs/product.md "Every advance settled": refund it or keep it under the policy's case. */}
        <Link
          className={`card adm-need${attention.advancesToSettle > 0 ? ' adm-need-on' : ''}`}
          to="/dashboard/orders?settle=todo"
        >
          <strong>{attention.advancesToSettle}</strong> {attention.advancesToSettle === 1 ? 'advance' : 'advances'} to
          refund or keep
        </Link>
        {/* docs/product.md#after-sales: exchanges and problem reports to answer, or checked and to finish. */}
        {attention.afterSalesWaiting > 0 && (
          <Link className="card adm-need adm-need-on" to={ADMIN_PAGE.afterSales}>
            <strong>{attention.afterSalesWaiting}</strong>{' '}
            {attention.afterSalesWaiting === 1 ? 'exchange or problem' : 'exchanges or problems'} to act on
          </Link>
        )}
        {/* docs/product.md#reviews: reviews waiting to be published or rejected. */}
        <Link
          className={`card adm-need${attention.reviewsToModerate > 0 ? ' adm-need-on' : ''}`}
          to={ADMIN_PAGE.reviews}
        >
          <strong>{attention.reviewsToModerate}</strong> {attention.reviewsToModerate === 1 ? 'review' : 'reviews'} to
          read
        </Link>
      </div>
      {lowStock.length > 0 && (
        <div className="adm-needs-part">
          <h3>Low stock</h3>
          <ul className="adm-needs-list">
            {lowStock.map((p) => (
              <li key={p.id}>
                <Link to={`/dashboard/editproduct/${encodeURIComponent(p.id)}`}>{p.name}</Link>
                <span className={p.stockCount === 0 ? 'adm-stock-zero' : 'adm-stock-few'}>
                  {p.stockCount === 0 ? 'none left' : `${p.stockCount} left`}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {showMail && (
        <div className="adm-needs-part">
          <h3>Unsent messages ({unsentCount})</h3>
          {!mailConfigured && (
            <p className="message message-info">
              Mail is not configured (SMTP_URL is not set): order mails wait here until it is.
            </p>
          )}
          {unsentMessages.length > 0 ? (
            // A long list (no mail server: every mail waits) stays folded, so the rest of the dashboard is in view.
            <details className="adm-unsent-box" open={unsentCount <= 3}>
              <summary>The waiting messages: to, subject, time, attempts and last error</summary>
              <ul className="adm-unsent">
                {unsentMessages.map((m) => (
                  <li key={`${m.createdAt}-${m.to}-${m.subject}`}>
                    <strong>{m.subject}</strong>
                    <span>To {m.to}</span>
                    <span>
                      {formatDateTime(m.createdAt)} · {m.attempts} {m.attempts === 1 ? 'attempt' : 'attempts'}
                    </span>
                    {m.lastError && <span className="adm-unsent-error">Last error: {m.lastError}</span>}
                  </li>
                ))}
              </ul>
            </details>
          ) : (
            <p className="adm-needs-none">No message is waiting.</p>
          )}
          {unsentCount > unsentMessages.length && (
            <p className="adm-needs-none">and {unsentCount - unsentMessages.length} more</p>
          )}
        </div>
      )}
      {attention.failedWhatsAppCount > 0 && <FailedWhatsApp attention={attention} />}
    </section>
  );
}

/**
 * WhatsApp messages that failed in the last week (docs/whatsapp.md): to whom, what, when and
 * Meta's reason. A shopper's message that failed has its mail sent instead, when they gave one.
 */
function FailedWhatsApp({ attention }: { attention: AdminStats['attention'] }) {
  const { failedWhatsApp, failedWhatsAppCount } = attention;
  return (
    <div className="adm-needs-part">
      <h3>WhatsApp messages that failed ({failedWhatsAppCount})</h3>
      <p className="adm-needs-none">
        From the last 7 days, newest first. A shopper&apos;s order message that failed went by email instead, when they
        gave one.
      </p>
      <details className="adm-unsent-box" open={failedWhatsAppCount <= 3}>
        <summary>The failed messages: to, what, time and reason</summary>
        <ul className="adm-unsent">
          {failedWhatsApp.map((m) => (
            <li key={`${m.failedAt}-${m.to}-${m.kind}`}>
              <strong>{whatsAppKindLabel(m.kind)}</strong>
              <span>To {m.to}</span>
              <span>Failed {formatDateTime(m.failedAt)}</span>
              <span className="adm-unsent-error">Reason: {m.reason ?? 'not given'}</span>
            </li>
          ))}
        </ul>
      </details>
      {failedWhatsAppCount > failedWhatsApp.length && (
        <p className="adm-needs-none">and {failedWhatsAppCount - failedWhatsApp.length} more</p>
      )}
    </div>
  );
}
