/**
 * One route's hostile requests as a fast-check arbitrary: path parameters,
 * query strings and bodies made from the route's schemas, then broken in every
 * way hostile.ts knows, sent as nobody, a shopper or an admin.
 */
import fc from 'fast-check';
import type { DocumentedRoute, JsonSchema } from '../support/routes.ts';
import { fromSchema, type KnownValues } from './from-schema.ts';
import { HOSTILE_STRINGS, hostileValue, mutate, mutation, rawBody } from './hostile.ts';

export type FuzzRole = 'nobody' | 'shopper' | 'admin';

export interface FuzzRequest {
  role: FuzzRole;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** encodeURIComponent, except that a lone surrogate becomes the invalid UTF-8 a raw client could send. */
export function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

const asText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined'));

/** A value for one path or query parameter: valid, a known id, or hostile text. */
function parameterValue(schema: JsonSchema, known: KnownValues, name: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fromSchema(schema, known, name).map(asText) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 1, arbitrary: hostileValue.map(asText) },
  );
}

function queryString(route: DocumentedRoute, known: KnownValues): fc.Arbitrary<string> {
  const params = (route.operation.parameters ?? []).filter((p) => p.in === 'query');
  const pairs = fc.tuple(
    ...params.map((p) =>
      fc.option(
        fc.oneof(
          parameterValue(p.schema, known, p.name).map((v) => [[p.name, v]]),
          // The same key twice arrives as an array.
          fc.tuple(parameterValue(p.schema, known, p.name), parameterValue(p.schema, known, p.name)).map(([a, b]) => [
            [p.name, a],
            [p.name, b],
          ]),
          // Bracket syntax some parsers turn into objects.
          parameterValue(p.schema, known, p.name).map((v) => [[`${p.name}[$gt]`, v]]),
        ),
        { freq: 3 },
      ),
    ),
    fc.option(
      fc.tuple(
        fc.constantFrom('extra', '__proto__', 'userId', 'constructor[prototype]'),
        fc.constantFrom(...HOSTILE_STRINGS),
      ),
    ),
  );
  return pairs.map(([...all]) => {
    const extra = all.pop() as [string, string] | null;
    const list = (all as Array<Array<[string, string]> | null>).flatMap((p) => p ?? []);
    if (extra) list.push(extra);
    return list.length ? `?${list.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : '';
  });
}

function pathOf(route: DocumentedRoute, known: KnownValues): fc.Arbitrary<string> {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  if (names.length === 0) return fc.constant(route.path);
  const schemaOf = (name: string) =>
    route.operation.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema ?? { type: 'string' };
  return fc
    .tuple(...names.map((n) => parameterValue(schemaOf(n), known, n)))
    .map((values) => names.reduce((path, n, i) => path.replace(`:${n}`, encode(values[i] || 'x')), route.path));
}

type Body = { payload?: string | Buffer; contentType?: string };

function jsonBody(schema: JsonSchema | undefined, known: KnownValues): fc.Arbitrary<Body> {
  const valid = schema ? fromSchema(schema, known) : fc.constant({});
  const json = (value: unknown): Body => {
    const text = JSON.stringify(value);
    return text === undefined ? {} : { payload: text, contentType: 'application/json' };
  };
  return fc.oneof(
    { weight: 2, arbitrary: valid.map(json) },
    {
      weight: 6,
      arbitrary: fc
        .tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 }))
        .map(([v, ms]) => json(mutate(v, ms))),
    },
    { weight: 1, arbitrary: hostileValue.map(json) },
    { weight: 1, arbitrary: rawBody.map((r) => ({ payload: r.text, contentType: r.contentType })) },
    { weight: 1, arbitrary: fc.constant<Body>({}) },
  );
}

/** multipart/form-data bodies for the upload route: broken boundaries, path tricks, things that are not images. */
const uploadBody: fc.Arbitrary<Body> = fc
  .record({
    boundary: fc.constantFrom('xyz', 'a'.repeat(70), '----b'),
    declared: fc.constantFrom('xyz', 'other', '', '----b'),
    field: fc.constantFrom('images', 'image', 'file', '', '__proto__'),
    filename: fc.constantFrom(
      'watch.png',
      '../../etc/passwd',
      '..\\..\\win.ini',
      '.htaccess',
      'a\u0000.png',
      'x.svg',
      'x.html',
      '<script>.png',
      'x'.repeat(300),
      '',
    ),
    content: fc.constantFrom(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
      '<html><script>alert(1)</script></html>',
      '\x89PNG\r\n\x1a\n broken',
      'GIF89a<script>alert(1)</script>',
      '',
      'x'.repeat(50_000),
    ),
    parts: fc.integer({ min: 0, max: 12 }),
    cut: fc.boolean(),
  })
  .map((m) => {
    const part = `--${m.boundary}\r\nContent-Disposition: form-data; name="${m.field}"; filename="${m.filename}"\r\nContent-Type: image/png\r\n\r\n${m.content}\r\n`;
    const body = `${part.repeat(m.parts)}--${m.boundary}--\r\n`;
    return {
      payload: m.cut ? body.slice(0, Math.floor(body.length / 2)) : body,
      contentType: m.declared ? `multipart/form-data; boundary=${m.declared}` : 'multipart/form-data',
    };
  });

const extraHeaders = fc.option(
  fc.record(
    {
      cookie: fc
        .constantFrom(...HOSTILE_STRINGS)
        .map((v) => `sid=${encode(v).slice(0, 3000)}; asid=${encode(v).slice(0, 3000)}`),
      'accept-encoding': fc.constantFrom('br', 'gzip, deflate', 'identity;q=0', '*;q=0', 'x'.repeat(500)),
      'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not-an-ip', "' OR 1=1 --", '::1, 10.0.0.1'),
      accept: fc.constantFrom('text/html', '*/*', 'application/xml', ''),
    },
    { requiredKeys: [] },
  ),
  { freq: 4 },
);

export function requestArbitrary(route: DocumentedRoute, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const isAdminRoute = route.path.startsWith('/api/admin/') && !/\/(login|logout)$/.test(route.path);
  const role = fc.oneof(
    { weight: isAdminRoute ? 1 : 2, arbitrary: fc.constant<FuzzRole>('nobody') },
    { weight: isAdminRoute ? 1 : 3, arbitrary: fc.constant<FuzzRole>('shopper') },
    { weight: isAdminRoute ? 8 : 2, arbitrary: fc.constant<FuzzRole>('admin') },
  );
  const schema = route.operation.requestBody?.content['application/json']?.schema;
  const isUpload =
    route.operation.requestBody?.content['multipart/form-data'] !== undefined || route.path.endsWith('/uploads');
  const body: fc.Arbitrary<Body> =
    route.method === 'GET'
      ? fc.oneof({ weight: 9, arbitrary: fc.constant<Body>({}) }, { weight: 1, arbitrary: jsonBody(undefined, known) })
      : isUpload
        ? fc.oneof(uploadBody, jsonBody(undefined, known))
        : jsonBody(schema, known);
  return fc
    .record({ role, path: pathOf(route, known), query: queryString(route, known), body, extra: extraHeaders })
    .map(({ role, path, query, body, extra }) => ({
      role,
      method: route.method,
      url: path + query,
      headers: { ...(extra ?? {}), ...(body.contentType ? { 'content-type': body.contentType } : {}) },
      ...(body.payload !== undefined ? { payload: body.payload } : {}),
    }));
}
