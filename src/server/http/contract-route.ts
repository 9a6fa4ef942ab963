/**
 * Registers a route from its contract (src/common/api-contract.ts): the method and path come
 * from the contract, and the route's schemas must produce the contract's types, or the server
 * does not compile:
 * - the response of the contract's success status gives its reply (null for 204); a file
 *   endpoint's route says what it produces instead;
 * - the body schema, when the contract takes a body, reads the contract's body;
 * - the params schema reads exactly the parameters the path names;
 * - the querystring schema, when the contract takes a query, reads the contract's query.
 *
 *   app.route({ ...contractRoute(app, cartApi.cart, { tags, summary, response: { 200: cartSchema } }), handler })
 *
 * The contract's path is the whole path under /api; the route is registered in `scope`, whose
 * prefix (/api, /api/admin, ...) the path must start with.
 */
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import {
  type AnyEndpoint,
  API_PREFIX,
  type BodyOf,
  type FileReply,
  type PathParams,
  type QueryOf,
} from '../../common/api-contract.ts';

type ServerReply<E extends AnyEndpoint> = E['status'] extends 204 ? null : NonNullable<E['types']>['reply'];

type ResponseCheck<E extends AnyEndpoint> =
  ServerReply<E> extends FileReply
    ? { produces: string[] }
    : { response: { [K in E['status']]: z.ZodType<ServerReply<E>> } & { [status: number]: z.ZodType } };
type BodyCheck<E extends AnyEndpoint> =
  BodyOf<E> extends undefined ? { body?: undefined } : { body: z.ZodType<unknown, BodyOf<E>> };
type ParamsCheck<E extends AnyEndpoint> = keyof PathParams<E['path']> extends never
  ? { params?: undefined }
  : { params: z.ZodType<unknown, PathParams<E['path']>> };
type QueryCheck<E extends AnyEndpoint> =
  QueryOf<E> extends undefined ? { querystring?: undefined } : { querystring: z.ZodType<unknown, QueryOf<E>> };

/** The schema a route of contract E may have: its own documentation and error answers, and the checks above. */
export type ContractSchema<E extends AnyEndpoint> = FastifySchema &
  ResponseCheck<E> &
  BodyCheck<E> &
  ParamsCheck<E> &
  QueryCheck<E> & { tags?: string[]; summary?: string; description?: string };

/** The response schema of a 204: no content. */
export const noContentSchema = z.null();

/** The method, URL (in `scope`) and schema of `endpoint`'s route, to spread into `scope.route({ ..., handler })`. */
export function contractRoute<E extends AnyEndpoint, const S extends ContractSchema<E>>(
  scope: { prefix: string },
  endpoint: E,
  schema: S,
) {
  const path = API_PREFIX + endpoint.path;
  if (!path.startsWith(`${scope.prefix}/`)) {
    throw new Error(`${endpoint.method} ${path} is registered in ${scope.prefix}, outside its path`);
  }
  return { method: endpoint.method, url: path.slice(scope.prefix.length), schema };
}
