/** Shop details the browser needs, sent in the HTML shell (never secrets). */
export interface SiteConfig {
  name: string;
  phone: string;
  whatsapp: string;
  email: string;
  address: string;
}

/** wa.me link with a prefilled message (docs/product.md#product-page). */
export function whatsappLink(whatsapp: string, text: string): string {
  return `https://wa.me/${whatsapp.replace(/[^0-9]/g, '')}?text=${encodeURIComponent(text)}`;
}
