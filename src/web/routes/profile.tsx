/** Your Account (SPEC §2). */
export function ProfilePage() {
  return (
    <div className="page container">
      <h1>Your Account</h1>
    </div>
  );
}
