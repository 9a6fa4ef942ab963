/**
 * Guard hooks: register one on a plugin and every route inside it is protected
 * (one place for "shopper only" and "admin only", not a check in each handler),
 * and documented as such in the OpenAPI description (http/openapi.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, notFound, unauthorized } from '../http/errors.ts';
import { documentAccess } from '../http/openapi.ts';
import { readSession } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser (or optionalUser when logged in). */
    userId: string | null;
    /** Set by requireAdmin. */
    adminId: string | null;
  }
}

export function registerAuthDecorations(app: FastifyInstance): void {
  app.decorateRequest('userId', null);
  app.decorateRequest('adminId', null);
}

/** Loads the shopper session when there is one; never refuses. */
export async function loadUser(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  if (request.userId) return request.userId;
  const session = await readSession(app.db, app.config, request, 'user');
  request.userId = session?.subjectId ?? null;
  return request.userId;
}

/**
 * Every route in `scope` needs a logged-in shopper: 401 otherwise. Checked on
 * request, before the body is validated, like requireAdmin: a visitor learns
 * nothing about the request shapes from validation messages.
 */
export function requireUser(scope: FastifyInstance): void {
  documentAccess(scope, 'shopper');
  scope.addHook('onRequest', async (request, reply) => {
    // Everything behind a guard is someone's own data: no browser or proxy may keep a copy.
    reply.header('cache-control', 'no-store');
    if (!(await loadUser(scope, request))) throw unauthorized();
  });
}

/**
 * Every route in `scope` needs an admin: 401 without a session, 403 with a shopper's.
 * Checked on request, before the body is read or validated: a non-admin learns
 * nothing about the admin API's shapes and cannot make the server parse an upload.
 */
export function requireAdmin(scope: FastifyInstance): void {
  documentAccess(scope, 'admin');
  scope.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const session = await readSession(scope.db, scope.config, request, 'admin');
    if (session) {
      request.adminId = session.subjectId;
      return;
    }
    if (await loadUser(scope, request)) throw forbidden('This page is for the shop’s admins only');
    throw unauthorized('Please log in as an admin');
  });
}

/**
 * The API's documentation lists the admin API: in production only a logged-in
 * admin gets it, anyone else the 404 of a missing address (docs/decisions/007-security.md, "Safe
 * defaults"); in development and tests it is open. The swagger UI's onRequest hook.
 */
export function docsGuard(app: FastifyInstance) {
  return async (request: FastifyRequest): Promise<void> => {
    if (app.config.env !== 'production') return;
    if (await readSession(app.db, app.config, request, 'admin')) return;
    // The answer of an address that does not exist (http/errors.ts): nothing says the docs are here.
    throw notFound(`No such address: ${request.method} ${request.url.split('?')[0]}`);
  };
}
