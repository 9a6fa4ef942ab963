/** The admin area (/dashboard/*): its own lazily loaded chunk. */
export function Dashboard() {
  return (
    <div className="page container">
      <h1>Dashboard</h1>
    </div>
  );
}
