/** Product (SPEC §2). */
export function ProductPage() {
  return (
    <div className="page container">
      <h1>Product</h1>
    </div>
  );
}
