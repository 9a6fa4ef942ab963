/** Shop (SPEC §2). */
export function ListingPage() {
  return (
    <div className="page container">
      <h1>Shop</h1>
    </div>
  );
}
