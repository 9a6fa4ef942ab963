import { useState } from 'react';
import { productPath } from '../../../common/catalog.ts';
import { formatDateTime } from '../../../common/india-time.ts';
import { LEAD_TABS, type LeadPage, type LeadTab } from '../../../common/schemas/lead.ts';
import { LoadError } from '../../components/load-error.tsx';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Link } from '../../lib/router/index.ts';
import { useResource } from '../../lib/use-resource.ts';
import { adminApi } from '../admin-api.ts';
import { Pager } from '../pager.tsx';
import { LeadForm } from './lead-form.tsx';
import { LeadImport } from './lead-import.tsx';

const PLATFORM_LABEL = { amazon: 'Amazon', whatsapp: 'Whatsapp', website: 'Website' } as const;

/**
 * Leads (docs/product.md#admin-leads): tabs All, Amazon, Whatsapp, Our Website; add by hand and CSV
 * import (docs/product.md#better-14).
 */
export function LeadsPage() {
  const [tab, setTab] = useState<LeadTab>('all');
  const [page, setPage] = useState(1);
  const { data, error, loading, reload } = useResource<LeadPage>(`admin:leads:${tab}:${page}`, (signal) =>
    adminApi.leads(tab, page, signal),
  );
  return (
    <section aria-labelledby="adm-leads-title">
      <div className="adm-heading">
        <h1 id="adm-leads-title">Leads</h1>
      </div>
      <div className="adm-tabs">
        {LEAD_TABS.map((t) => (
          <button
            key={t.platform}
            type="button"
            className="chip"
            aria-pressed={tab === t.platform}
            onClick={() => {
              setTab(t.platform);
              setPage(1);
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <LoadError message={error} onRetry={reload} />
      <LoaderOverlay active={loading && !data} />
      {data && data.items.length === 0 && <p className="adm-empty">No leads here yet.</p>}
      {data && data.items.length > 0 && (
        <table className="adm-table">
          <thead>
            <tr>
              <th scope="col">USER</th>
              <th scope="col">QTY</th>
              <th scope="col">PRODUCT</th>
              <th scope="col">PLATFORM</th>
              <th scope="col">DATE</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((lead) => (
              <tr key={`${lead.platform}-${lead.id}`}>
                <td data-label="USER">
                  {lead.customer}
                  {lead.phone && (
                    <>
                      <br />
                      <a href={`tel:${lead.phone}`}>{lead.phone}</a>
                    </>
                  )}
                </td>
                <td data-label="QTY">{lead.quantity}</td>
                <td data-label="PRODUCT">
                  {lead.productId ? (
                    <Link to={productPath({ id: lead.productId, name: lead.productName })}>{lead.productName}</Link>
                  ) : (
                    lead.productName
                  )}
                </td>
                <td data-label="PLATFORM">{PLATFORM_LABEL[lead.platform]}</td>
                <td data-label="DATE">{formatDateTime(lead.date)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && <Pager page={page} pageCount={data.pageCount} label="Lead pages" onPage={setPage} />}
      <div className="adm-blocks">
        <LeadForm onAdded={reload} />
        <LeadImport onImported={reload} />
      </div>
    </section>
  );
}
