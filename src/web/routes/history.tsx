/** History (SPEC §2). */
export function HistoryPage() {
  return (
    <div className="page container">
      <h1>History</h1>
    </div>
  );
}
