/** Cart (SPEC §2). */
export function CartPage() {
  return (
    <div className="page container">
      <h1>Cart</h1>
    </div>
  );
}
