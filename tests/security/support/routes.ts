/**
 * The API's routes as the app itself knows them, so the security tests cover
 * every route that exists (a route added later without a row in the matrix
 * fails the matrix's completeness check).
 */
import type { FastifyInstance } from 'fastify';

/** "METHOD /api/path/:param" for every API route in Fastify's router (HEAD and the docs UI left out). */
export function routerApiRoutes(app: FastifyInstance): string[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes = new Set<string>();
  for (const line of tree.split('\n')) {
    const marker = line.search(/[├└]── /);
    if (marker < 0) continue;
    const depth = marker / 4;
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(marker + 4));
    if (!match) continue;
    const path = (stack[depth - 1] ?? '') + match[1];
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[2] ?? '').split(', ').filter(Boolean)) {
      if (method === 'HEAD' || !path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
      routes.add(`${method} ${path}`);
    }
  }
  return [...routes].sort();
}

export interface DocumentedRoute {
  key: string;
  method: string;
  path: string;
  operation: OpenApiOperation;
}

export interface OpenApiOperation {
  parameters?: Array<{ in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** A JSON Schema node as z.toJSONSchema writes it (the subset our zod schemas produce). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  format?: string;
}

/** Every route of the OpenAPI document (generated from the routes' zod schemas). */
export function documentedRoutes(app: FastifyInstance): DocumentedRoute[] {
  const paths = (app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> }).paths;
  const out: DocumentedRoute[] = [];
  for (const [openApiPath, methods] of Object.entries(paths)) {
    const path = openApiPath.replace(/\{(\w+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(methods)) {
      out.push({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, operation });
    }
  }
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
