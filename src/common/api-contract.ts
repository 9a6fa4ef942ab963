/**
 * One contract per API endpoint, shared by the server and the browser: its method, its path
 * under /api (Fastify's notation, `/cart/items/:productId`), the status of its success, and
 * the types of its reply, body and query. The server registers the route from it
 * (src/server/http/contract-route.ts, which also checks that the route's schemas produce these
 * types) and the browser calls through it (src/web/lib/api-client.ts `call`), so a renamed path
 * or a changed reply fails the type check on both sides.
 *
 * Zod-free: the domains' contracts (src/common/*-api.ts) name the shared schemas' types with
 * `import type` only, so the browser's bundle gets the paths and never zod.
 */

/** Where the API lives: every contract's path is under it. */
export const API_PREFIX = '/api';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The status of a success: 200, 201 for something made, 204 for no content. */
export type SuccessStatus = 200 | 201 | 204;

/**
 * The reply of an endpoint that answers a file (a PDF, a CSV, an image) rather than JSON: the
 * browser links to it (apiUrl) instead of calling it, and its route declares what it produces.
 */
export interface FileReply {
  readonly file: true;
}

/** The types an endpoint carries; `body` and `query` are left out when it takes none. */
export interface EndpointTypes {
  reply: unknown;
  body?: unknown;
  query?: unknown;
}

export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  S extends SuccessStatus = SuccessStatus,
  T extends EndpointTypes = EndpointTypes,
> {
  readonly method: M;
  readonly path: P;
  readonly status: S;
  /** Types only: never set at run time. */
  readonly types?: T;
}

/** Any endpoint, whatever its types. */
export type AnyEndpoint = Endpoint<Method, string, SuccessStatus, any>;

type TypesOf<E extends AnyEndpoint> = NonNullable<E['types']>;
/** The reply as the browser reads it: nothing for 204. */
export type ReplyOf<E extends AnyEndpoint> = E['status'] extends 204 ? undefined : TypesOf<E>['reply'];
export type BodyOf<E extends AnyEndpoint> = 'body' extends keyof TypesOf<E> ? TypesOf<E>['body'] : undefined;
export type QueryOf<E extends AnyEndpoint> = 'query' extends keyof TypesOf<E> ? TypesOf<E>['query'] : undefined;

/** The path's parameters: `/cart/items/:productId` has { productId: string }. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/**
 * Declares an endpoint: `endpoint<{ reply: Cart; body: AddToCart }>()('POST', '/cart/items')`.
 * (Two calls, so the types are given and the method and path are read as written.)
 */
export function endpoint<T extends EndpointTypes = { reply: undefined }>() {
  return <const M extends Method, const P extends string, const S extends SuccessStatus = 200>(
    method: M,
    path: P,
    status?: S,
  ): Endpoint<M, P, S, T> => ({ method, path, status: (status ?? 200) as S });
}

type QueryValue = string | number | boolean | null | undefined;

/** The full URL path (with /api) of a file endpoint's answer, for a link or an <img>. */
export function fileUrl<P extends string>(
  endpoint: Endpoint<'GET', P, SuccessStatus, { reply: FileReply; query?: unknown }>,
  params: PathParams<P>,
  query?: Readonly<Record<string, QueryValue>>,
): string {
  return API_PREFIX + apiPath(endpoint.path, params, query);
}

/**
 * The path of a call under /api: the parameters put in (encoded) and the query's set values
 * appended in the order given (`''`, null and undefined are left out).
 */
export function apiPath<P extends string>(
  path: P,
  params: PathParams<P>,
  query?: Readonly<Record<string, QueryValue>>,
): string {
  const values = params as Record<string, string>;
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${path} needs its parameter ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}
