/** The name of the "Download my data" file (docs/product.md#account-rights), the same from the server and the browser. */
export function dataExportFileName(shopName: string, isoDate: string): string {
  const shop = shopName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${shop || 'shop'}-my-data-${isoDate.slice(0, 10)}.json`;
}
