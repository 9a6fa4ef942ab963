/**
 * Hostile values and mutations for the fuzz test: what an attacker or a broken
 * client sends instead of what a route's schema asks for.
 */
import fc from 'fast-check';

const HUGE = 'x'.repeat(100_000);
const HUGE_UNICODE = '⌚é'.repeat(30_000);

/** Strings that have broken shops before: injections, encodings, odd unicode. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '   \t\n  ',
  '\u0000',
  'a\u0000b',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as text.
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x10',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '⌚️👩‍👩‍👧‍👦🇮🇳',
  '\u202Eevil\u202C',
  'مرحبا بالعالم',
  'हिन्दी घड़ी',
  '\u200B\u200D\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  'Z͑ͫ̓ͪ̂ͫ̽͏̴̙̤̞͉͚̯̞̠͍A̴̵̜̰͔ͫ͗͢L̠ͨͧͩ͘G̴̻͈͍͔̹̑͗̎̅͛́Ǫ̵̹̻̝̳͂̌̌͘',
  '9999999999',
  '0000000000',
  '2025-02-30T25:61:61Z',
  '-271821-04-20',
  HUGE,
  HUGE_UNICODE,
];

export const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  -2_147_483_649,
  0.5,
  -0.5,
  1e-320,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  1e21,
  -1e21,
  1.7976931348623157e308,
  -1.7976931348623157e308,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
];

/** Deeply nested arrays and objects (a recursion bomb for careless parsers). */
function nested(depth: number, asObject: boolean): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = asObject ? { a: value } : [value];
  return value;
}

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      [],
      [1, 2, 3],
      [{}],
      {},
      { $gt: '' },
      { $ne: null },
      { __proto__: { isAdmin: true } },
      JSON.parse('{"__proto__":{"isAdmin":true}}'),
      { constructor: { prototype: { isAdmin: true } } },
      new Array(2000).fill('a'),
      nested(2000, false),
      nested(1000, true),
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
);

/** Keys a mass-assignment attack adds to a body. */
export const hostileKey = fc.constantFrom(
  'isAdmin',
  'admin',
  'role',
  'userId',
  'user_id',
  'id',
  'price',
  'discountPrice',
  'total',
  'status',
  'passwordHash',
  'password_hash',
  '__proto__',
  'constructor',
  '',
  ' ',
  '\u0000',
  'x'.repeat(10_000),
);

export interface Mutation {
  kind: 'replace' | 'delete' | 'extra' | 'wrap' | 'stringify';
  pick: number;
  key: string;
  value: unknown;
}

export const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('replace', 'replace', 'delete', 'extra', 'wrap', 'stringify'),
  pick: fc.nat(),
  key: hostileKey,
  value: hostileValue,
});

type Container = Record<string, unknown> | unknown[];
const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;

/** Every (container, key) slot in `root`, so a mutation can pick one at any depth. */
function slots(root: { v: unknown }): Array<[Container, string | number]> {
  const out: Array<[Container, string | number]> = [[root as unknown as Container, 'v']];
  const walk = (value: unknown, depth: number) => {
    if (!isContainer(value) || depth > 6) return;
    for (const key of Object.keys(value)) {
      const k = Array.isArray(value) ? Number(key) : key;
      out.push([value, k]);
      walk((value as Record<string, unknown>)[key], depth + 1);
    }
  };
  walk(root.v, 0);
  return out;
}

/** Applies the mutations to a copy of `value`. */
export function mutate(value: unknown, mutations: Mutation[]): unknown {
  const root = { v: structuredClone(value) };
  for (const original of mutations) {
    // A copy: hostile values are shared constants, and a later mutation must not change (or loop) them.
    const m = { ...original, value: structuredClone(original.value) };
    const all = slots(root);
    const [container, key] = all[m.pick % all.length] as [Container, string | number];
    const current = (container as Record<string | number, unknown>)[key];
    switch (m.kind) {
      case 'replace':
        (container as Record<string | number, unknown>)[key] = m.value;
        break;
      case 'delete':
        if (Array.isArray(container) && typeof key === 'number') container.splice(key, 1);
        else if (container !== (root as unknown)) delete (container as Record<string, unknown>)[key as string];
        break;
      case 'extra':
        if (Array.isArray(current)) current.push(m.value);
        else if (isContainer(current))
          Object.defineProperty(current, m.key, {
            value: m.value,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        else (container as Record<string | number, unknown>)[key] = m.value;
        break;
      case 'wrap':
        (container as Record<string | number, unknown>)[key] = [current];
        break;
      case 'stringify':
        (container as Record<string | number, unknown>)[key] =
          current === undefined ? 'undefined' : JSON.stringify(current);
        break;
    }
  }
  return root.v;
}

/** Request bodies that are not JSON at all, or broken JSON, with the content type claimed. */
export const rawBody = fc.record({
  contentType: fc.constantFrom(
    'application/json',
    'application/json; charset=utf-16',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'multipart/form-data; boundary=xyz',
    'application/xml',
    'application/octet-stream',
    'image/png',
  ),
  text: fc.oneof(
    fc.constantFrom(
      '',
      '{',
      '{"a":',
      '{"a":1,}',
      "{'a':1}",
      'null',
      'true',
      '0',
      '-1',
      '"text"',
      '[]',
      '[1,2,3]',
      '{}',
      'NaN',
      '1e99999',
      '{"a":NaN}',
      '\uFEFF{}',
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
      '{"a":1,"a":2}',
      `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
      'a=1&b=2',
      '--xyz\r\nContent-Disposition: form-data; name="images"; filename="../../x.png"\r\n\r\nnot an image\r\n--xyz--\r\n',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    ),
    fc.string({ unit: 'binary', maxLength: 200 }),
  ),
});
