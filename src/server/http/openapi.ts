/**
 * The OpenAPI description of the API (served at /api/docs, linted by `redocly lint` in
 * src/server/openapi-lint.test.ts). Made from the routes' own zod schemas; what no
 * route schema says is completed here, in one place, from how the routes are registered:
 * - security: a route registered behind requireUser or requireAdmin (auth/guards.ts) is
 *   marked by the guard (documentAccess); every other route needs no session;
 * - 4xx answers: all in the one error shape (common/schemas/error.ts): 400 for a request
 *   whose input is checked, 401/403 from the guard, 403 for a state change from another
 *   site (http/security.ts), 404 for an address naming a thing that may not exist, and
 *   4XX for any other refusal; answers a route declares itself are kept;
 * - operationId: from method and path, unless the route declares one;
 * - a file answer (a route that `produces` a PDF, SVG, CSV or JSON file instead of a
 *   response schema: contract-route.ts) declares its media type (documentRoute), and a
 *   204 declares no body, so a client knows what it gets; redocly.yaml's own rules fail
 *   the lint when either is lost.
 */
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../common/schemas/error.ts';
import type { Config } from '../config.ts';

/** Who may call a route: anyone, a logged-in shopper, or a logged-in admin. */
export type Access = 'public' | 'shopper' | 'admin';

const SCHEMES = { shopper: 'shopperSession', admin: 'adminSession' } as const;

/** The security requirement of each kind of access (an empty list: no session needed). */
function securityOf(access: Access): Array<Record<string, string[]>> {
  return access === 'public' ? [] : [{ [SCHEMES[access]]: [] }];
}

/**
 * Every route registered in `scope` (and its child plugins) from now on is documented as
 * needing `access`. Called by the guards, so the document says what the guard enforces.
 */
export function documentAccess(scope: FastifyInstance, access: Exclude<Access, 'public'>): void {
  scope.addHook('onRoute', (route) => {
    const schema: FastifySchema & { security: unknown } = { ...route.schema, security: securityOf(access) };
    route.schema = schema;
  });
}

type JsonObject = Record<string, unknown>;
interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: unknown;
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const ERROR_REF = '#/components/schemas/ApiError';

/** What each refusal means, for the answers whose route gives no description. */
const REFUSALS: Record<string, string> = {
  '400': 'The request is not valid; `fields` names each wrong value with its message',
  '401': 'Not logged in (no session, or it ended)',
  '403': 'Not allowed',
  '404': 'Not found',
  '409': 'Refused in the current state (taken, out of stock, not yet possible)',
  '410': 'No longer valid',
  '413': 'Too large',
  '415': 'Not a kind of file this accepts',
  '429': 'Too many attempts; try again later',
  '4XX': 'Any other refusal, in the same shape',
};

/** Upper camel case of a path segment: "export.csv" is "ExportCsv", "{orderNumber}" is "ByOrderNumber". */
function segmentName(segment: string): string {
  const param = /^\{(.+)\}$/.exec(segment);
  const words = (param ? param[1]! : segment).split(/[^A-Za-z0-9]+/).filter(Boolean);
  const name = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return param ? `By${name}` : name;
}

/** The operationId of a route: "GET /api/admin/orders/{orderNumber}" is "getAdminOrdersByOrderNumber". */
export function operationIdOf(method: string, path: string): string {
  const segments = path
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean);
  return method.toLowerCase() + segments.map(segmentName).join('');
}

function errorAnswer(description: string) {
  return { description, content: { 'application/json': { schema: { $ref: ERROR_REF } } } };
}

/** The 4xx answers an operation has by the way it is registered. */
function refusalsOf(method: string, path: string, op: Operation): Record<string, string> {
  const refusals: Record<string, string> = {};
  const schemes = new Set((op.security ?? []).flatMap((s) => Object.keys(s)));
  if ((op.parameters?.length ?? 0) > 0 || op.requestBody !== undefined) refusals['400'] = REFUSALS['400']!;
  if (schemes.has(SCHEMES.shopper)) refusals['401'] = 'Not logged in as a shopper (no session, or it ended)';
  if (schemes.has(SCHEMES.admin)) {
    refusals['401'] = 'Not logged in as an admin';
    refusals['403'] = 'Logged in as a shopper, not as an admin';
  }
  if (!['get', 'head', 'options'].includes(method)) {
    const other = 'Sent from another website (state changes are taken from the shop’s own pages only)';
    refusals['403'] = refusals['403'] ? `${refusals['403']}; or ${other[0]!.toLowerCase()}${other.slice(1)}` : other;
  }
  if (/\{[^}]+\}/.test(path)) refusals['404'] = 'Nothing by this name (unknown, deleted, or someone else’s)';
  refusals['4XX'] = REFUSALS['4XX']!;
  return refusals;
}

function isErrorSchema(schema: unknown, errorJson: unknown): boolean {
  return JSON.stringify(schema) === JSON.stringify(errorJson);
}

/**
 * A z.record keyed by an enum lists its keys as `required` with no `properties`:
 * each key is named, with the record's value schema, so the document says what it means.
 */
function nameRecordKeys(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) nameRecordKeys(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as JsonObject;
  const required = schema.required;
  const values = schema.additionalProperties;
  if (Array.isArray(required) && typeof values === 'object' && values !== null) {
    const properties = (schema.properties ?? {}) as JsonObject;
    for (const key of required) if (typeof key === 'string' && !(key in properties)) properties[key] = values;
    schema.properties = properties;
  }
  for (const value of Object.values(schema)) nameRecordKeys(value);
}

/**
 * Each route's schemas as the document reads them (swagger's transform): the zod schemas
 * in JSON Schema, and a file answer's media types, which @fastify/swagger reads only
 * beside a response schema and a file route has none. Documentation only: Fastify never
 * serialises a file answer, so nothing here reaches a reply.
 */
export const documentRoute: SwaggerTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const produces = input.schema?.produces;
  if (!produces?.length || input.schema.response) return transformed;
  const file = { schema: { type: 'string', format: 'binary' } };
  const answer = {
    description: 'The file, to show or download',
    content: Object.fromEntries(produces.map((type) => [type, file])),
  };
  return { ...transformed, schema: { ...transformed.schema, response: { 200: answer } } };
};

/** Completes the generated document (swagger's transformObject): see the top of this file. */
export function completeDocument<T extends object>(document: T): T {
  const doc = structuredClone(document) as JsonObject;
  const errorJson = z.toJSONSchema(apiErrorSchema, { target: 'openapi-3.0' });
  delete (errorJson as JsonObject).$schema;
  const components = (doc.components ?? {}) as JsonObject;
  components.schemas = { ...(components.schemas as JsonObject), ApiError: errorJson };
  doc.components = components;

  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      op.operationId ??= operationIdOf(method, path);
      op.security ??= securityOf('public');
      const responses = op.responses ?? {};
      // A route's 204 has the null schema (contract-route.ts), which the generator writes as a JSON body.
      const noContent = responses['204'];
      if (noContent) {
        delete noContent.content;
        if (noContent.description === 'Default Response') noContent.description = 'Done: no content';
      }
      for (const [status, answer] of Object.entries(responses)) {
        if (!/^4/.test(status)) continue;
        // A route's own error answer: the shared schema, and the meaning of its status.
        const schema = answer.content?.['application/json']?.schema;
        if (schema && isErrorSchema(schema, errorJson)) answer.content = errorAnswer('').content;
        if (!answer.description || answer.description === 'Default Response') {
          answer.description = REFUSALS[status] ?? REFUSALS['4XX']!;
        }
      }
      for (const [status, description] of Object.entries(refusalsOf(method, path, op))) {
        responses[status] ??= errorAnswer(description);
      }
      op.responses = responses;
    }
  }
  nameRecordKeys(doc.paths);
  return doc as T;
}

/** The options of @fastify/swagger: the document's head, and the completion above. */
export function openapiHead(
  config: Config,
  /** The session cookies' names (auth/sessions.ts), handed in by app.ts: http sits below auth. */
  cookies: { shopper: string; admin: string },
) {
  const origin = config.publicUrl ?? '';
  return {
    openapi: '3.0.3',
    info: {
      title: `${config.shop.name} API`,
      version: '1.0.0',
      description:
        'The shop’s JSON API (docs/api.md). Errors answer one shape, `{ "error": { "code", "message", "fields"? } }`, ' +
        'with a message fit to show a shopper. Who is calling comes from a session cookie, never from an id in the request.',
      contact: { name: config.shop.name, email: config.shop.email, url: `${origin}/contact` },
      license: { name: `Proprietary: ${config.shop.legalName}`, url: `${origin}/terms-and-conditions` },
    },
    servers: [{ url: config.publicUrl ?? '/', description: 'This shop' }],
    tags: [
      { name: 'catalog', description: 'Products: listings, search, one product, the home page' },
      { name: 'accounts', description: 'Sign up, log in, the shopper’s profile and account rights' },
      { name: 'cart', description: 'The shopper’s cart, and prices for a visitor’s local cart' },
      { name: 'orders', description: 'The shopper’s cash-on-delivery orders, their advance and invoice' },
      { name: 'complaints', description: 'Complaints to the grievance officer' },
      { name: 'leads', description: 'Chat clicks recorded as WhatsApp leads' },
      { name: 'whatsapp', description: 'WhatsApp’s webhook: replies and message statuses from Meta (signed)' },
      { name: 'admin', description: 'The owner’s dashboard: products, orders, leads, complaints, admins' },
      { name: 'system', description: 'Health of the running server' },
    ],
    components: {
      securitySchemes: {
        [SCHEMES.shopper]: {
          type: 'apiKey' as const,
          in: 'cookie' as const,
          name: cookies.shopper,
          description: 'The shopper’s session, set by log in or sign up (httpOnly)',
        },
        [SCHEMES.admin]: {
          type: 'apiKey' as const,
          in: 'cookie' as const,
          name: cookies.admin,
          description: 'An admin’s session, set by the admin log in (httpOnly)',
        },
      },
    },
  };
}
