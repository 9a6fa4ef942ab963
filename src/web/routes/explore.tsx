/** Search (SPEC §2). */
export function ExplorePage() {
  return (
    <div className="page container">
      <h1>Search</h1>
    </div>
  );
}
