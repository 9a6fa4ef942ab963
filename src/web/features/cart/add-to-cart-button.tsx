/**
 * ADD TO CART on the product page (DESIGN.md 16).
 * CONTRACT used by the product route: <AddToCartButton productId productName inStock />.
 * The cart work fills in the behaviour (server cart when logged in, local cart otherwise).
 */
export interface AddToCartButtonProps {
  productId: string;
  productName: string;
  inStock: boolean;
}

export function AddToCartButton({ inStock }: AddToCartButtonProps) {
  return (
    <button type="button" className="btn btn-ghost" disabled={!inStock}>
      Add to cart
    </button>
  );
}
