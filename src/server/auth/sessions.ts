/**
 * Server-side sessions (docs/decisions/002-sessions.md): an opaque random token
 * in an httpOnly cookie; the database keeps only its SHA-256. Shopper and admin
 * sessions use separate cookies and separate lifetimes.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Config } from '../config.ts';
import { nowIso } from '../db/ids.ts';
import type { Database, Db } from '../db/tables.ts';

export type SessionKind = 'user' | 'admin';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Idle timeout and maximum age per kind. */
export const SESSION_LIMITS: Record<SessionKind, { idleMs: number; maxAgeMs: number }> = {
  user: { idleMs: 14 * DAY, maxAgeMs: 60 * DAY },
  admin: { idleMs: 2 * 60 * MINUTE, maxAgeMs: 12 * 60 * MINUTE },
};
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = MINUTE;

export function cookieName(kind: SessionKind, config: Pick<Config, 'cookieSecure'>): string {
  const base = kind === 'user' ? 'sid' : 'asid';
  // __Host- cookies must be Secure, path=/ and have no Domain: the browser then
  // refuses them from subdomains and plain http.
  return config.cookieSecure ? `__Host-${base}` : base;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface Session {
  kind: SessionKind;
  subjectId: string;
  tokenHash: string;
}

/** Creates a session and sets its cookie; always a new token (no fixation). */
export async function startSession(
  db: Db,
  config: Config,
  reply: FastifyReply,
  kind: SessionKind,
  subjectId: string,
  now = Date.now(),
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const limits = SESSION_LIMITS[kind];
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      kind,
      subject_id: subjectId,
      created_at: nowIso(now),
      last_seen_at: nowIso(now),
      expires_at: nowIso(now + limits.maxAgeMs),
    })
    .execute();
  reply.setCookie(cookieName(kind, config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    maxAge: Math.floor(limits.maxAgeMs / 1000),
  });
}

/** Reads the session of `kind` from the request's cookie; expired ones are deleted. */
export async function readSession(
  db: Db,
  config: Config,
  request: FastifyRequest,
  kind: SessionKind,
  now = Date.now(),
): Promise<Session | null> {
  const token = request.cookies[cookieName(kind, config)];
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .select(['subject_id', 'last_seen_at', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row) return null;
  const lastSeen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= now || lastSeen + SESSION_LIMITS[kind].idleMs <= now) {
    await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  if (now - lastSeen > TOUCH_EVERY_MS) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: nowIso(now) })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
  return { kind, subjectId: row.subject_id, tokenHash };
}

/**
 * Deletes the request's current session of `kind`, if any, without touching the
 * cookie: a log-in calls it before startSession so the old token dies with it.
 */
export async function discardSession(db: Db, config: Config, request: FastifyRequest, kind: SessionKind) {
  const token = request.cookies[cookieName(kind, config)];
  if (token) await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

/** Ends the session on the server and clears its cookie. */
export async function endSession(
  db: Db,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: SessionKind,
) {
  const name = cookieName(kind, config);
  const token = request.cookies[name];
  if (token) await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
  reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.cookieSecure });
}

/** Removes expired sessions; called now and then, never on a request path. */
export async function pruneSessions(db: Db, now = Date.now()): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', nowIso(now)).execute();
}

/**
 * Ends every session of one shopper or admin, except the one whose token hash
 * is `keepTokenHash` (the device that changed the password stays logged in).
 */
export async function endSessionsOf(
  db: Db | Transaction<Database>,
  kind: SessionKind,
  subjectId: string,
  keepTokenHash?: string,
): Promise<void> {
  let query = db.deleteFrom('sessions').where('kind', '=', kind).where('subject_id', '=', subjectId);
  if (keepTokenHash) query = query.where('token_hash', '!=', keepTokenHash);
  await query.execute();
}
