/** The shop's public details, put into the page by the server (src/server/pages/shell.ts). */
import { DEFAULT_COD_ADVANCE } from '../../common/constants.ts';
import { DEMO_SHOP, type SiteConfig } from '../../common/site.ts';
import { serverPage } from './page-data.ts';

/** The server's defaults, until the page's own details are read. */
const FALLBACK: SiteConfig = {
  ...DEMO_SHOP,
  grievanceOfficer: { ...DEMO_SHOP.grievanceOfficer },
  legalName: DEMO_SHOP.name,
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
