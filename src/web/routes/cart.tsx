import { lazy, Suspense, useState } from 'react';
import { PAGE } from '../../common/page-paths.ts';
import type { SignupInput } from '../../common/schemas/account.ts';
import { LoaderOverlay } from '../components/loader.tsx';
import { addAddress, signup } from '../features/accounts/account-api.ts';
import { useSession } from '../features/accounts/session.tsx';
import { notifyCartChanged } from '../features/cart/cart-events.ts';
import { CartView } from '../features/cart/cart-view.tsx';
import { useCart } from '../features/cart/use-cart.ts';
import { clearVisitorCart, readVisitorCart } from '../features/cart/visitor-cart.ts';
import { useNavigate } from '../lib/router/index.ts';
import { invalidate } from '../lib/use-resource.ts';

// The checkout popup (and its pincode directory) loads only when CHECKOUT is pressed.
const CheckoutPopup = lazy(async () => ({
  default: (await import('../features/orders/checkout/checkout-popup.tsx')).CheckoutPopup,
}));

/** Cart and the checkout popup (docs/product.md#cart, #checkout). */
export function CartPage() {
  const cart = useCart();
  const { user, refresh } = useSession();
  const navigate = useNavigate();
  const [checkingOut, setCheckingOut] = useState(false);

  async function createAccount(input: SignupInput) {
    await signup(input, readVisitorCart());
    clearVisitorCart();
    await refresh();
  }
  async function saveAddress(address: string) {
    await addAddress(address);
    await refresh();
  }

  return (
    <div className="page container">
      <h1>Cart</h1>
      <CartView state={cart} onCheckout={() => setCheckingOut(true)} />
      {checkingOut && cart.cart && (
        <Suspense fallback={<LoaderOverlay active />}>
          <CheckoutPopup
            cart={cart.cart}
            user={user}
            createAccount={createAccount}
            saveAddress={saveAddress}
            onClose={() => {
              setCheckingOut(false);
              cart.reload();
            }}
            onPlaced={(order) => {
              notifyCartChanged();
              invalidate('orders');
              void navigate(PAGE.confirmation, { state: { orderNumber: order.number } });
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
