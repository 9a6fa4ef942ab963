/** The shop's public details, put into the page by the server (src/server/pages/shell.ts). */
import { DEFAULT_COD_ADVANCE } from '../../common/constants.ts';
import type { SiteConfig } from '../../common/site.ts';
import { serverPage } from './page-data.ts';

const FALLBACK: SiteConfig = {
  name: 'Time Square Watches',
  phone: '9876543210',
  whatsapp: '919876543210',
  email: 'support@timesquarewatches.in',
  address: 'Mumbai, Maharashtra',
  legalName: 'Time Square Watches',
  grievanceOfficer: {
    name: 'Grievance Officer',
    designation: 'Grievance Officer',
    phone: '9876543210',
    email: 'support@timesquarewatches.in',
  },
  codAdvance: DEFAULT_COD_ADVANCE,
};

let cached: SiteConfig | undefined;
export function site(): SiteConfig {
  const page = serverPage();
  if (page) return page.site;
  if (cached) return cached;
  const el = typeof document !== 'undefined' ? document.getElementById('site-config') : null;
  try {
    cached = el?.textContent ? { ...FALLBACK, ...(JSON.parse(el.textContent) as Partial<SiteConfig>) } : FALLBACK;
  } catch {
    cached = FALLBACK;
  }
  return cached;
}
