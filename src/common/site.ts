import type { PayInFullDiscount } from './pay-in-full.ts';

/** Shop details the browser needs, sent in the HTML shell (never secrets). */
export interface SiteConfig {
  name: string;
  phone: string;
  whatsapp: string;
  email: string;
  address: string;
  /** The registered business name (docs/product.md#contact). */
  legalName: string;
  grievanceOfficer: { name: string; designation: string; phone: string; email: string };
  /**
   * The advance (rupees) a new order asks (COD_ADVANCE; 0: none): for what is said before
   * ordering. A placed order's screens read the order's own advance instead.
   */
  codAdvance: number;
  /** PAY_IN_FULL_DISCOUNT: what paying the whole order by UPI now takes off (common/pay-in-full.ts). */
  payInFull?: PayInFullDiscount;
  /** S3_PUBLIC_URL: where pictures are linked instead of /media (src/common/media.ts setImageBase). */
  imageBase?: string;
  /** WhatsApp is set up (docs/whatsapp.md): sign-up, checkout and profile offer "updates on WhatsApp". */
  whatsappUpdates?: boolean;
}

/** wa.me link with a prefilled message (docs/product.md#product-page). */
export function whatsappLink(whatsapp: string, text: string): string {
  return `https://wa.me/${whatsapp.replace(/[^0-9]/g, '')}?text=${encodeURIComponent(text)}`;
}

/**
 * The demo shop's details: the server's defaults for SHOP_* and GRIEVANCE_OFFICER_* (config.ts,
 * README "Configuration") and what the browser shows before the page's own details are read. A
 * real shop sets its own (docs/deploy.md).
 */
export const DEMO_SHOP = {
  name: 'Time Square Watches',
  phone: '9876543210',
  whatsapp: '919876543210',
  email: 'support@timesquarewatches.in',
  address: 'Shop 12, Crawford Market, Mumbai - 400001, Maharashtra',
  grievanceOfficer: {
    name: 'Rahul Mehta',
    designation: 'Grievance Officer',
    phone: '9876543210',
    email: 'grievance@timesquarewatches.in',
  },
} as const;
