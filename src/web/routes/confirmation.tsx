/** Order confirmation (SPEC §2). */
export function ConfirmationPage() {
  return (
    <div className="page container">
      <h1>Order confirmation</h1>
    </div>
  );
}
