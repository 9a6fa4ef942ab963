/**
 * Running stores on seeded catalogues, one per size, shared by the benchmarks
 * of one `npm run bench` (the API, growth, pages, bytes and images benchmarks
 * all read the same catalogues) and stopped at the end.
 */
import { seededDataDir } from './catalogue.ts';
import { type RunningServer, startStore } from './server.ts';
import { progress } from './table.ts';

export interface CatalogueStore extends RunningServer {
  products: number;
  dataDir: string;
}

const stores = new Map<number, Promise<CatalogueStore>>();

export function catalogueStore(products: number): Promise<CatalogueStore> {
  let store = stores.get(products);
  if (!store) {
    store = (async () => {
      const dataDir = await seededDataDir(products);
      progress(`starting the store on ${products.toLocaleString('en-US')} products`);
      const server = await startStore({ dataDir, label: `the store on ${products.toLocaleString('en-US')} products` });
      // The store builds its search index as it starts listening (seconds at 100 000 products);
      // the first search waits for it, so measurements start after.
      await fetch(`${server.url}/api/products/search?q=warm`);
      return { ...server, products, dataDir };
    })();
    stores.set(products, store);
  }
  return store;
}

export async function stopStores(): Promise<void> {
  const all = [...stores.values()];
  stores.clear();
  await Promise.all(all.map(async (s) => (await s.catch(() => null))?.stop()));
}
