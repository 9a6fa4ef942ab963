/**
 * Edit and Delete on a storefront product card, for admins only (docs/product.md#admin-products).
 * Loaded with React.lazy from the card's `actions` slot when the session says
 * isAdmin, so shoppers never download it. The server checks admin rights anyway.
 */
import { useState } from 'react';
import { Link } from '../../lib/router/index.ts';
import { DeleteProductPopup } from './delete-product.tsx';
import './admin-actions.css';

function CardActions({ productId, onDeleted }: { productId: string; onDeleted?: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [deleted, setDeleted] = useState(false);
  if (deleted) return <p className="admin-actions-note">Deleted</p>;
  return (
    <div className="admin-actions">
      <Link className="btn btn-ghost" to={`/dashboard/editproduct/${encodeURIComponent(productId)}`}>
        Edit
      </Link>
      <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
        Delete
      </button>
      {confirming && (
        <DeleteProductPopup
          productId={productId}
          onClose={() => setConfirming(false)}
          onDeleted={() => {
            setConfirming(false);
            setDeleted(true);
            onDeleted?.();
          }}
        />
      )}
    </div>
  );
}

export default CardActions;
