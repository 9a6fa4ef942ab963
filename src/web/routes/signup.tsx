import { LOADER_HIDE_DELAY_MS } from '../../common/constants.ts';
import { PAGE } from '../../common/page-paths.ts';
import { SignupForm } from '../features/accounts/signup-form.tsx';
import { clearVisitorCart, readVisitorCart } from '../features/cart/visitor-cart.ts';
import { goBack } from '../lib/go-back.ts';
import { useNavigate } from '../lib/router/index.ts';

/** Create Account (docs/product.md#accounts): on success, the visitor cart is merged and we go back one step. */
export function SignupPage() {
  const navigate = useNavigate();
  return (
    <div className="page container">
      <SignupForm
        visitorCart={readVisitorCart}
        onSuccess={() => {
          clearVisitorCart();
          setTimeout(() => goBack(navigate, PAGE.profile), LOADER_HIDE_DELAY_MS);
        }}
      />
    </div>
  );
}
