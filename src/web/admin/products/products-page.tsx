import { useState } from 'react';
import { BRANDS, type Brand, CATEGORIES, type Category, productPath } from '../../../common/catalog.ts';
import { LOW_STOCK } from '../../../common/constants.ts';
import { imageUrl } from '../../../common/media.ts';
import { formatRupees } from '../../../common/money.ts';
import type { AdminProductPage } from '../../../common/schemas/catalog.ts';
import type { AdminProductCard } from '../../../common/schemas/product.ts';
import { truncate } from '../../../common/text.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { DeleteProductPopup } from '../../features/admin-actions/delete-product.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { Link } from '../../lib/router/index.ts';
import { STORAGE_KEYS, session } from '../../lib/storage.ts';
import { useResource } from '../../lib/use-resource.ts';
import { type AdminProductFilter, adminApi } from '../admin-api.ts';
import './products.css';
import { LoadError } from '../../components/load-error.tsx';
import { Pager } from '../pager.tsx';

const titleCase = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());

/** Every product with the category selector and, for Men Watch, the brand filter (docs/product.md#admin-products). */
export function ProductsPage() {
  const [category, setCategory] = useState<Category | ''>('');
  const [brand, setBrand] = useState<Brand | ''>('');
  const [page, setPageState] = useState(() => Number(session.get(STORAGE_KEYS.adminPage)) || 1);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const [busy, setBusy] = useState(false);
  const setPage = (p: number) => {
    setPageState(p);
    session.set(STORAGE_KEYS.adminPage, String(p));
  };
  const filter: AdminProductFilter = { category, brand: category === 'men watch' ? brand : '', page };
  const key = `admin:products:${filter.category}:${filter.brand}:${page}`;
  const { data, error, loading, reload } = useResource<AdminProductPage>(key, (signal) =>
    adminApi.products(filter, signal),
  );

  async function toggleStock(p: AdminProductCard) {
    setBusy(true);
    try {
      await adminApi.setStock(p.id, !p.inStock);
      // Marked in stock: the people waiting for it were sent their message (docs/product.md#back-in-stock).
      const told = !p.inStock && p.waiting > 0 ? `; ${waitingText(p.waiting)} told` : '';
      setMessage({ text: `${p.name} is now ${p.inStock ? 'out of stock' : 'in stock'}${told}`, tone: 'success' });
      reload();
    } catch (err) {
      setMessage({ text: errorMessage(err), tone: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="adm-products-title">
      <div className="adm-heading">
        <h1 id="adm-products-title">Products</h1>
        <Link className="btn btn-gold" to="/dashboard/upload">
          Add new Watches
        </Link>
      </div>
      <div className="adm-toolbar">
        <div className="field">
          <label htmlFor="adm-cat">Category</label>
          <select
            id="adm-cat"
            value={category}
            onChange={(e) => {
              // The options are CATEGORIES and '' (all).
              setCategory(e.target.value as Category | '');
              setBrand('');
              setPage(1);
            }}
          >
            <option value="">All</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {titleCase(c)}
              </option>
            ))}
          </select>
        </div>
        {category === 'men watch' && (
          <div className="field">
            <label htmlFor="adm-brand">Brand</label>
            <select
              id="adm-brand"
              value={brand}
              onChange={(e) => {
                // The options are BRANDS and '' (all brands).
                setBrand(e.target.value as Brand | '');
                setPage(1);
              }}
            >
              <option value="">All brands</option>
              {BRANDS.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </select>
          </div>
        )}
        {data && <p>{data.total} products</p>}
      </div>
      <Message text={message?.text ?? null} tone={message?.tone ?? 'error'} onClose={() => setMessage(null)} />
      <LoadError message={error} onRetry={reload} />
      <LoaderOverlay active={(loading && !data) || busy} />
      {data && data.items.length === 0 && <p className="adm-empty">No product found!</p>}
      {data && data.items.length > 0 && (
        <ul className="adm-products">
          {data.items.map((p) => (
            <li key={p.id} className="card adm-product">
              <Link to={productPath(p)} className="adm-product-link">
                {p.images[0] ? (
                  <img src={imageUrl(p.images[0], 240)} alt="" width={240} height={240} loading="lazy" />
                ) : (
                  <span className="adm-product-noimg">No image</span>
                )}
                <span className="adm-product-name">{truncate(p.name, 50)}</span>
              </Link>
              <p className="adm-product-meta">
                <span className="price">{formatRupees(p.discountPrice)}</span>
                {p.price > p.discountPrice && <span className="mrp">{formatRupees(p.price)}</span>}
              </p>
              <p className="adm-product-meta">
                {p.brand || titleCase(p.category)} · {p.inStock ? 'In stock' : <strong>OUT OF STOCK</strong>}
              </p>
              <StockCount count={p.stockCount} />
              {p.waiting > 0 && (
                <p className="adm-product-meta adm-waiting">{waitingText(p.waiting)} waiting (Notify me)</p>
              )}
              <div className="adm-product-buttons">
                <Link className="btn btn-ghost" to={`/dashboard/editproduct/${encodeURIComponent(p.id)}`}>
                  Edit<span className="visually-hidden"> {p.name}</span>
                </Link>
                <button type="button" className="btn btn-ghost" onClick={() => toggleStock(p)}>
                  {p.inStock ? 'Mark out of stock' : 'Mark in stock'}
                  <span className="visually-hidden"> {p.name}</span>
                </button>
                <button type="button" className="btn btn-danger" onClick={() => setDeleting(p.id)}>
                  Delete<span className="visually-hidden"> {p.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {data && <Pager page={page} pageCount={data.pageCount} label="Product pages" onPage={setPage} />}
      {deleting && (
        <DeleteProductPopup
          productId={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            setMessage({ text: 'Product deleted', tone: 'success' });
            reload();
          }}
        />
      )}
    </section>
  );
}

/** The counted stock: none left and low stock (LOW_STOCK or fewer) stand out; uncounted says so. */
/** "1 person" or "3 people": who asked to be told when the watch is back. */
function waitingText(n: number): string {
  return n === 1 ? '1 person' : `${n} people`;
}

function StockCount({ count }: { count: number | null }) {
  if (count === null) return <p className="adm-product-meta adm-stock">Stock not counted</p>;
  if (count === 0) return <p className="adm-product-meta adm-stock adm-stock-out">Stock: 0 left</p>;
  if (count <= LOW_STOCK) return <p className="adm-product-meta adm-stock adm-stock-low">Low stock: {count} left</p>;
  return <p className="adm-product-meta adm-stock">Stock: {count}</p>;
}
