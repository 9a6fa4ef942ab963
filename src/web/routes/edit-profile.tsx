/** Edit Profile (SPEC §2). */
export function EditProfilePage() {
  return (
    <div className="page container">
      <h1>Edit Profile</h1>
    </div>
  );
}
