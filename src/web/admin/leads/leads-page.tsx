import { useState } from 'react';
import { productPath } from '../../../common/catalog.ts';
import { formatDateTime } from '../../../common/india-time.ts';
import {
  LEAD_FOLLOW_UP_FILTERS,
  LEAD_TABS,
  type Lead,
  type LeadFollowUpFilter,
  type LeadPage,
  type LeadTab,
} from '../../../common/schemas/lead.ts';
import { LoadError } from '../../components/load-error.tsx';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { Link } from '../../lib/router/index.ts';
import { useResource } from '../../lib/use-resource.ts';
import { adminApi } from '../admin-api.ts';
import { Pager } from '../pager.tsx';
import { LeadForm } from './lead-form.tsx';
import { LeadImport } from './lead-import.tsx';

const PLATFORM_LABEL = { amazon: 'Amazon', whatsapp: 'Whatsapp', website: 'Website' } as const;

/**
 * Leads (docs/product.md#admin-leads): tabs All, Amazon, Whatsapp, Our Website; a follow-up tick
 * per lead with its time, and a filter on it; CSV export of what the filters show; add by hand
 * and CSV import (docs/product.md#better-14).
 */
export function LeadsPage() {
  const [tab, setTab] = useState<LeadTab>('all');
  const [followedUp, setFollowedUp] = useState<LeadFollowUpFilter>('all');
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const filter = { platform: tab, followedUp };
  const { data, error, loading, reload } = useResource<LeadPage>(`admin:leads:${tab}:${followedUp}:${page}`, (signal) =>
    adminApi.leads(filter, page, signal),
  );

  async function tick(lead: Lead, done: boolean) {
    setBusy(lead.id);
    try {
      await adminApi.setLeadFollowedUp(lead.id, done);
      setMessage({
        text: `${lead.customer}: ${done ? 'marked followed up' : 'marked not followed up'}`,
        tone: 'success',
      });
      reload();
    } catch (err) {
      setMessage({ text: errorMessage(err), tone: 'error' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="adm-leads-title">
      <div className="adm-heading">
        <h1 id="adm-leads-title">Leads</h1>
        <a className="btn btn-ghost" href={adminApi.leadsCsvUrl(filter)} download>
          Export CSV
        </a>
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
      <div className="adm-toolbar">
        <div className="field">
          <label htmlFor="adm-lead-follow-up">Follow-up</label>
          <select
            id="adm-lead-follow-up"
            value={followedUp}
            onChange={(e) => {
              // The options are LEAD_FOLLOW_UP_FILTERS' values.
              setFollowedUp(e.target.value as LeadFollowUpFilter);
              setPage(1);
            }}
          >
            {LEAD_FOLLOW_UP_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Message text={message?.text ?? null} tone={message?.tone ?? 'error'} onClose={() => setMessage(null)} />
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
              <th scope="col">FOLLOWED UP</th>
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
                <td data-label="FOLLOWED UP">
                  <label className="adm-follow-up">
                    <input
                      type="checkbox"
                      checked={lead.followedUpAt !== null}
                      disabled={busy === lead.id}
                      onChange={(e) => tick(lead, e.target.checked)}
                      aria-label={`${lead.customer}, ${lead.productName}: followed up`}
                    />
                    {lead.followedUpAt ? formatDateTime(lead.followedUpAt) : 'Not yet'}
                  </label>
                </td>
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
