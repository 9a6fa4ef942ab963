/**
 * The admin area (/dashboard/*): its own lazily loaded chunk. The login form
 * shows until the server confirms an admin session; every screen's data comes
 * from /api/admin, which refuses anyone else.
 */
import { lazy, Suspense } from 'react';
import { LoaderOverlay } from '../components/loader.tsx';
import { Route, Routes } from '../lib/router/index.ts';
import { AdminLayout } from './admin-layout.tsx';
import { AdminSessionProvider, useAdminSession } from './admin-session.tsx';
import { AdminLoginForm } from './login-form.tsx';
import { StatsPage } from './stats-page.tsx';
import './admin.css';

const ProductsPage = lazy(async () => ({ default: (await import('./products/products-page.tsx')).ProductsPage }));
const ProductFormPage = lazy(async () => ({
  default: (await import('./products/product-form-page.tsx')).ProductFormPage,
}));
const OrdersPage = lazy(async () => ({ default: (await import('./orders/orders-page.tsx')).OrdersPage }));
const LeadsPage = lazy(async () => ({ default: (await import('./leads/leads-page.tsx')).LeadsPage }));
const AdminsPage = lazy(async () => ({ default: (await import('./admins-page.tsx')).AdminsPage }));
const ComplaintsPage = lazy(async () => ({
  default: (await import('./complaints/complaints-page.tsx')).ComplaintsPage,
}));
const AfterSalesPage = lazy(async () => ({
  default: (await import('./after-sales/after-sales-page.tsx')).AfterSalesPage,
}));
const FailedDeliveriesPage = lazy(async () => ({
  default: (await import('./failed-deliveries/failed-deliveries-page.tsx')).FailedDeliveriesPage,
}));
const InboxPage = lazy(async () => ({ default: (await import('./inbox/inbox-page.tsx')).InboxPage }));
const ShoppersPage = lazy(async () => ({ default: (await import('./shoppers/shoppers-page.tsx')).ShoppersPage }));
const Gstr1Page = lazy(async () => ({ default: (await import('./books/gstr1-page.tsx')).Gstr1Page }));
const StatementPage = lazy(async () => ({ default: (await import('./books/statement-page.tsx')).StatementPage }));
const RemittancePage = lazy(async () => ({
  default: (await import('./books/remittance-page.tsx')).RemittancePage,
}));
// docs/product.md#reviews: the owner's REVIEWS queue.
const ReviewsPage = lazy(async () => ({ default: (await import('./reviews/reviews-page.tsx')).ReviewsPage }));
const MoneyPage = lazy(async () => ({ default: (await import('./books/money-page.tsx')).MoneyPage }));
const CodRulesPage = lazy(async () => ({ default: (await import('./cod-rules/cod-rules-page.tsx')).CodRulesPage }));

export function Dashboard() {
  return (
    <AdminSessionProvider>
      <DashboardGate />
    </AdminSessionProvider>
  );
}

function DashboardGate() {
  const { admin, loading, error, retry } = useAdminSession();
  if (loading) return <LoaderOverlay active label="Checking your admin session…" />;
  if (error) {
    return (
      <div className="adm-login container page narrow">
        <p className="message message-error" role="alert">
          {error}
        </p>
        <button type="button" className="btn" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  if (!admin) return <AdminLoginForm />;
  return (
    <AdminLayout>
      <Suspense fallback={<LoaderOverlay active />}>
        <Routes>
          <Route index element={<StatsPage />} />
          <Route path="products" element={<ProductsPage />} />
          <Route path="upload" element={<ProductFormPage />} />
          <Route path="editproduct/:proid" element={<ProductFormPage />} />
          <Route path="orders" element={<OrdersPage />} />
          <Route path="failed-deliveries" element={<FailedDeliveriesPage />} />
          <Route path="inbox" element={<InboxPage />} />
          <Route path="inbox/:phone" element={<InboxPage />} />
          <Route path="leads" element={<LeadsPage />} />
          <Route path="admins" element={<AdminsPage />} />
          <Route path="complaints" element={<ComplaintsPage />} />
          <Route path="after-sales" element={<AfterSalesPage />} />
          <Route path="shoppers" element={<ShoppersPage />} />
          <Route path="books/statement" element={<StatementPage />} />
          <Route path="books/gstr1" element={<Gstr1Page />} />
          <Route path="books/remittance" element={<RemittancePage />} />
          <Route path="books/money" element={<MoneyPage />} />
          <Route path="cod-rules" element={<CodRulesPage />} />
          <Route path="reviews" element={<ReviewsPage />} />
          <Route path="*" element={<p className="adm-empty">This part of the dashboard does not exist.</p>} />
        </Routes>
      </Suspense>
    </AdminLayout>
  );
}
