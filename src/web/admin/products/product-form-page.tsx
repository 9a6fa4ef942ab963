import type { AdminProduct } from '../../../common/schemas/product.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { useParams } from '../../lib/router/index.ts';
import { useResource } from '../../lib/use-resource.ts';
import { adminApi } from '../admin-api.ts';
import { ProductForm } from './product-form.tsx';

/** /dashboard/upload (empty form) and /dashboard/editproduct/:proid (the product loaded). */
export function ProductFormPage() {
  const { proid } = useParams();
  const { data, error, loading, reload } = useResource<{ product: AdminProduct }>(
    proid ? `admin:product:${proid}` : null,
    (signal) => adminApi.product(proid as string, signal),
  );
  return (
    <section aria-labelledby="adm-form-title">
      <div className="adm-heading">
        <h1 id="adm-form-title">{proid ? 'Edit Product' : 'Upload Products'}</h1>
      </div>
      {!proid && <ProductForm />}
      {proid && error && (
        <p className="message message-error" role="alert">
          {error}{' '}
          <button type="button" className="btn btn-ghost" onClick={reload}>
            Try again
          </button>
        </p>
      )}
      {proid && <LoaderOverlay active={loading && !data} />}
      {/* keyed by id so moving between products starts a fresh form */}
      {proid && data && <ProductForm key={data.product.id} product={data.product} />}
    </section>
  );
}
