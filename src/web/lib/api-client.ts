/**
 * The one API client. Sends and reads JSON, and turns the server's error shape
 * into an ApiError whose message a toast or form can show as it is.
 */
import {
  type AnyEndpoint,
  API_PREFIX,
  apiPath,
  type BodyOf,
  type PathParams,
  type QueryOf,
  type ReplyOf,
} from '../../common/api-contract.ts';
import { isApiErrorBody } from '../../common/errors.ts';
import { serverPage } from './page-data.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

const NETWORK_MESSAGE = 'Could not reach the shop. Please check your internet connection and try again.';

/** Listeners told when a call answers 401 (the session ended), e.g. to refresh "who am I". */
const unauthorizedListeners = new Set<() => void>();
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** The URL of an API path ('/products/abc' is '/api/products/abc'). */
function apiUrl(path: string): string {
  return `${API_PREFIX}${path}`;
}

/** The answers the server put in the page for its first screen (src/server/pages/shell.ts), by URL; each is taken once. */
let embedded: Map<string, unknown> | undefined;

function readEmbedded(): Map<string, unknown> {
  const element = typeof document === 'undefined' ? null : document.getElementById('initial-data');
  try {
    const answers: unknown = element?.textContent ? JSON.parse(element.textContent) : {};
    return new Map(typeof answers === 'object' && answers !== null ? Object.entries(answers) : []);
  } catch {
    return new Map();
  }
}

/**
 * The API's answer to GET `path` when the server embedded it in the page, so
 * the first screen renders without waiting for the call (and hydrates the
 * server's HTML with the same data). In the browser each answer is taken once,
 * and only for exactly the URL it answers; later calls fetch as usual.
 */
export function takeEmbeddedAnswer<T>(path: string): T | undefined {
  const url = apiUrl(path);
  const page = serverPage();
  if (page) {
    const body = page.answers[url];
    return body === undefined ? undefined : (JSON.parse(body) as T);
  }
  embedded ??= readEmbedded();
  const answer = embedded.get(url);
  embedded.delete(url);
  return answer as T | undefined;
}

/**
 * GETs asked for as soon as the script starts (early-answers.ts), before the page has hydrated:
 * the first call of exactly that path takes the answer (or the request still on its way), once.
 * Any call that changes something (not a GET) drops those not taken yet: a visitor's 401 for
 * Your Orders must not answer the call made after they log in.
 */
const early = new Map<string, Promise<Response>>();

export function askEarly(paths: readonly string[]): void {
  for (const path of paths) {
    if (early.has(path)) continue;
    const answer = fetch(apiUrl(path), { credentials: 'same-origin', headers: { accept: 'application/json' } });
    // Never an unhandled rejection: a caller that takes it sees the failure as its own.
    answer.catch(() => {});
    early.set(path, answer);
  }
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, headers = {} } = options;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  // A change (a log-in, an order) makes every answer asked before it stale.
  if (method !== 'GET') early.clear();
  const asked = method === 'GET' ? early.get(path) : undefined;
  if (asked) early.delete(path);
  let response: Response;
  try {
    response = await (asked ??
      fetch(apiUrl(path), {
        method,
        signal: signal ?? null,
        credentials: 'same-origin',
        headers: {
          accept: 'application/json',
          ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        body: body === undefined ? null : isForm ? (body as FormData) : JSON.stringify(body),
      }));
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'network', NETWORK_MESSAGE);
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401) for (const listener of unauthorizedListeners) listener();
    if (isApiErrorBody(data)) {
      throw new ApiError(response.status, data.error.code, data.error.message, data.error.fields);
    }
    throw new ApiError(response.status, 'http', `Something went wrong (error ${response.status}). Please try again.`);
  }
  return data as T;
}

type ParamsInput<E extends AnyEndpoint> = keyof PathParams<E['path']> extends never
  ? { params?: undefined }
  : { params: PathParams<E['path']> };
type BodyInput<E extends AnyEndpoint> = BodyOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> };
type QueryInput<E extends AnyEndpoint> = QueryOf<E> extends undefined ? { query?: undefined } : { query?: QueryOf<E> };
/** What a call of endpoint E sends: the path's parameters, its body and query as the contract types them. */
export type CallInput<E extends AnyEndpoint> = ParamsInput<E> &
  BodyInput<E> &
  QueryInput<E> & { signal?: AbortSignal | undefined };
type CallArgs<E extends AnyEndpoint> =
  Record<never, never> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/**
 * Calls an endpoint through its contract (src/common/*-api.ts): its method and path, the
 * parameters put in, and the reply typed as the server's schema makes it.
 */
export function call<E extends AnyEndpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<ReplyOf<E>> {
  const { params, body, query, signal } = (input ?? {}) as {
    params?: Record<string, string>;
    body?: unknown;
    query?: Record<string, string | number | boolean | null | undefined>;
    signal?: AbortSignal;
  };
  const options: RequestOptions = { method: endpoint.method };
  if (body !== undefined) options.body = body;
  if (signal) options.signal = signal;
  return api<ReplyOf<E>>(apiPath(endpoint.path, params ?? {}, query), options);
}

/** Message to show for any thrown value. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return 'Something went wrong. Please try again.';
}
