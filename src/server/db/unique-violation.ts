/**
 * True when a write failed on a unique index, on SQLite (better-sqlite3's
 * SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY) or PostgreSQL (SQLSTATE 23505).
 * Lets a route answer a race (two sign-ups with one number, a double submit)
 * with the same result as the check it did first.
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
