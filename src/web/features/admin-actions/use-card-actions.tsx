/**
 * The storefront's hook into admin card controls: returns the `actions`
 * renderer for ProductGrid when the session is an admin's, else undefined.
 * The controls themselves load with React.lazy, so a shopper's browser never
 * downloads them (this small file is all that ships to everyone).
 */
import { lazy, type ReactNode, Suspense, useCallback } from 'react';
import { useSession } from '../accounts/session.tsx';

const CardActions = lazy(() => import('./card-actions.tsx'));

export function useCardActions(onDeleted?: () => void): ((product: { id: string }) => ReactNode) | undefined {
  const { isAdmin } = useSession();
  const render = useCallback(
    (product: { id: string }) => (
      <Suspense fallback={null}>
        <CardActions productId={product.id} {...(onDeleted ? { onDeleted } : {})} />
      </Suspense>
    ),
    [onDeleted],
  );
  return isAdmin ? render : undefined;
}
