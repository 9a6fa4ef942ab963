/** Login (SPEC §2). */
export function LoginPage() {
  return (
    <div className="page container">
      <h1>Login</h1>
    </div>
  );
}
