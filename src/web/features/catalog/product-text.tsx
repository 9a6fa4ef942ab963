/**
 * A watch's words under its buttons (docs/product.md#product-page): description, country of
 * origin and specifications. They answer no tap, so the product page keeps them as the server's
 * HTML (lib/static-part.tsx, decision 067): one element, pure, read from the product alone.
 */
import type { Product } from './types.ts';

export function ProductText({ product }: { product: Product }) {
  // The upload form starts with Brand, Machine, Color and Chronograph rows left empty
  // (docs/product.md#admin-products): a row the owner did not fill says nothing, so it is not listed.
  const specs = product.features.filter((f) => f.description);
  return (
    <div className="product-text">
      {product.description && <p className="product-description">{product.description}</p>}
      {product.countryOfOrigin && (
        <p className="product-origin">
          Country of origin: <strong>{product.countryOfOrigin}</strong>
        </p>
      )}
      {specs.length > 0 && (
        <>
          <h2 className="product-subheading">Specifications</h2>
          <dl className="product-specs">
            {specs.map((f) => (
              <div key={`${f.name}\u0000${f.description}`}>
                <dt>{f.name}</dt>
                <dd>{f.description}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </div>
  );
}
