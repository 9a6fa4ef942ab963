import { useEffect, useRef, useState } from 'react';
import { catalogApi } from '../../../common/catalog-api.ts';
import { call, errorMessage } from '../../lib/api-client.ts';
import { invalidate } from '../../lib/use-resource.ts';
import './admin-actions.css';

/**
 * The delete confirmation (docs/product.md#admin-products): 'Do you want to Delete {id}' with NO and
 * YES. YES deletes on the server; a failure shows its message in the popup.
 */
export function DeleteProductPopup({
  productId,
  onClose,
  onDeleted,
}: {
  productId: string;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const noRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    noRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await call(catalogApi.deleteProduct, { params: { id: productId } });
      invalidate('');
      onDeleted();
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <div className="popup-backdrop">
      <div className="popup" role="alertdialog" aria-modal="true" aria-labelledby={`delete-${productId}`}>
        <p id={`delete-${productId}`}>Do you want to Delete {productId}</p>
        {error && (
          <p className="message message-error" role="alert">
            {error}
          </p>
        )}
        <div className="admin-actions-buttons">
          <button ref={noRef} type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
            NO
          </button>
          <button type="button" className="btn btn-danger" onClick={confirm} disabled={busy}>
            YES
          </button>
        </div>
      </div>
    </div>
  );
}
