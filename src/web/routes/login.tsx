import { LOADER_HIDE_DELAY_MS } from '../../common/constants.ts';
import { PAGE } from '../../common/page-paths.ts';
import { LoginForm } from '../features/accounts/login-form.tsx';
import { clearVisitorCart, readVisitorCart } from '../features/cart/visitor-cart.ts';
import { goBack } from '../lib/go-back.ts';
import { useNavigate } from '../lib/router/index.ts';

/** Login (docs/product.md#accounts): on success, the visitor cart is merged and we go back one step. */
export function LoginPage() {
  const navigate = useNavigate();
  return (
    <div className="page container">
      <LoginForm
        visitorCart={readVisitorCart}
        onSuccess={() => {
          clearVisitorCart();
          // Leave "Logged in successfully" on screen for a moment before going back.
          setTimeout(() => goBack(navigate, PAGE.profile), LOADER_HIDE_DELAY_MS);
        }}
      />
    </div>
  );
}
