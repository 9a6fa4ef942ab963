/**
 * fast-check arbitraries for values that fit a route's schema, read from the
 * JSON Schema that z.toJSONSchema made of the route's zod schema (the OpenAPI
 * document). Valid values reach the handlers; the fuzz test then mutates them.
 */
import fc from 'fast-check';
import type { JsonSchema } from '../support/routes.ts';

/** Values some fields should often take, so requests reach real rows (known ids, real enums). */
export type KnownValues = Record<string, string[]>;

const MAX_STRING = 60;
const MAX_ITEMS = 4;

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_STRING, MAX_STRING));
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern fast-check cannot generate from: any string of the right length.
    }
  }
  if (schema.format === 'email') return fc.emailAddress();
  return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
  const lo = Math.max(min, -1e12);
  const hi = Math.min(max, 1e12);
  if (integer) return fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) });
  return fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
}

/** An arbitrary of values that `schema` accepts (as far as JSON Schema can say; refinements are not known). */
export function fromSchema(schema: JsonSchema, known: KnownValues = {}, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => fromSchema(s, known, name, depth)));
  if (schema.allOf?.[0]) return fromSchema(schema.allOf[0], known, name, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const pool = known[name];
      const plain = stringArbitrary(schema);
      return pool?.length ? fc.oneof(fc.constantFrom(...pool), plain) : plain;
    }
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS));
      if (depth > 4) return fc.constant([]);
      return fc.array(fromSchema(schema.items ?? {}, known, name, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const entries = Object.fromEntries(
        Object.entries(properties).map(([key, s]) => [key, fromSchema(s, known, key, depth + 1)]),
      );
      return fc.record(entries, { requiredKeys: (schema.required ?? []).filter((k) => k in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
