/** Home (SPEC §2). */
export function HomePage() {
  return (
    <div className="page container">
      <h1>Home</h1>
    </div>
  );
}
