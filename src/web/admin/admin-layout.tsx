import { type ReactNode, useEffect, useState } from 'react';
import { ADMIN_PAGE } from '../../common/page-paths.ts';
import { CloseIcon, MenuIcon } from '../components/icons.tsx';
import { errorMessage } from '../lib/api-client.ts';
import { NavLink, useLocation } from '../lib/router/index.ts';
import { useAdminSession } from './admin-session.tsx';
import { AdminStatsProvider, queueCount, queueLinkName, useAdminStats } from './admin-stats.tsx';

const LINKS = [
  { to: '/dashboard', label: 'DASHBOARD', end: true },
  { to: '/dashboard/products', label: 'PRODUCTS' },
  { to: '/dashboard/upload', label: 'UPLOAD' },
  { to: '/dashboard/admins', label: 'ADMINS' },
  { to: ADMIN_PAGE.orders, label: 'ORDERS' },
  // docs/product.md#failed-deliveries
  { to: ADMIN_PAGE.failedDeliveries, label: 'FAILED DELIVERIES' },
  // docs/product.md#after-sales
  { to: ADMIN_PAGE.afterSales, label: 'AFTER-SALES' },
  // The WhatsApp inbox (issue 37).
  { to: ADMIN_PAGE.inbox, label: 'INBOX' },
  { to: '/dashboard/leads', label: 'LEADS' },
  // docs/product.md#contact and #admin-shoppers
  { to: ADMIN_PAGE.complaints, label: 'COMPLAINTS' },
  // docs/product.md#reviews
  { to: ADMIN_PAGE.reviews, label: 'REVIEWS' },
  { to: '/dashboard/shoppers', label: 'SHOPPERS' },
  // docs/product.md "The books: advances from the bank statement"
  { to: '/dashboard/books/statement', label: 'BANK STATEMENT' },
  // docs/product.md#the-books-credit-notes-and-gstr-1
  { to: '/dashboard/books/gstr1', label: 'GST RETURNS' },
  // docs/product.md "COD remittance" and "Money at a glance"
  { to: '/dashboard/books/remittance', label: 'COD REMITTANCE' },
  { to: '/dashboard/books/money', label: 'MONEY AT A GLANCE' },
  // docs/product.md "Cash on delivery": the advance by risk (issue 35)
  { to: '/dashboard/cod-rules', label: 'COD RULES' },
] as const;

/** Side navigation (docs/product.md#admin-dashboard), folded behind a hamburger under 800 px. */
export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <AdminStatsProvider>
      <Shell>{children}</Shell>
    </AdminStatsProvider>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const stats = useAdminStats();
  const { admin, logout } = useAdminSession();
  const [open, setOpen] = useState(false);
  const [logoutError, setLogoutError] = useState<string | null>(null);
  const { pathname } = useLocation();

  // A link chosen on a phone closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation.
  useEffect(() => setOpen(false), [pathname]);

  async function onLogout() {
    try {
      await logout();
    } catch (err) {
      setLogoutError(errorMessage(err));
    }
  }

  return (
    <div className="adm-shell">
      <header className="adm-topbar">
        <button
          type="button"
          className="icon-btn adm-menu-btn"
          aria-expanded={open}
          aria-controls="adm-sidenav"
          aria-label={open ? 'Close the dashboard menu' : 'Open the dashboard menu'}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </button>
        <span className="adm-title">Dashboard</span>
        <span className="adm-who">{admin?.username}</span>
      </header>
      <nav id="adm-sidenav" className={`adm-sidenav${open ? ' open' : ''}`} aria-label="Dashboard">
        <ul>
          {LINKS.map((link) => {
            const count = queueCount(link.to, stats);
            return (
              <li key={link.to}>
                {/* Seen as "INBOX 3", heard as "INBOX, 3 waiting": the words seen begin the name (WCAG 2.5.3). */}
                <NavLink
                  to={link.to}
                  end={'end' in link}
                  aria-label={count === null ? undefined : queueLinkName(link.label, count)}
                >
                  {link.label}
                  {count !== null && (
                    <>
                      {' '}
                      <span className="adm-nav-count">{count}</span>
                    </>
                  )}
                </NavLink>
              </li>
            );
          })}
          <li>
            <button type="button" className="adm-logout" onClick={onLogout}>
              Log out
            </button>
          </li>
        </ul>
      </nav>
      <div className="adm-main">
        {logoutError && (
          <p className="message message-error" role="alert">
            {logoutError}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}
