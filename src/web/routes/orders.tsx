/** Your Orders (SPEC §2). */
export function OrdersPage() {
  return (
    <div className="page container">
      <h1>Your Orders</h1>
    </div>
  );
}
