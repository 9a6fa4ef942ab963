/** Create Account (SPEC §2). */
export function SignupPage() {
  return (
    <div className="page container">
      <h1>Create Account</h1>
    </div>
  );
}
