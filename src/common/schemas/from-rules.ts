/**
 * zod schemas made from the plain rules of text-rules.ts, for the server (and
 * its OpenAPI document, which keeps minLength, maxLength and pattern, so the
 * fuzz tests can still make valid requests from it). Each check becomes the
 * zod check of the same meaning, in the same order, with the same message;
 * account-rules.test.ts checks the browser's reading gives the same answers.
 */
import { z } from 'zod';
import { foldPlain, isPlain, PLAIN_MESSAGES, type PlainKind } from '../text.ts';
import type { FieldRule, FormRules, ListRule, TextRule } from '../text-rules.ts';

/**
 * The plain-text rule (TextRule.plain) on a string schema: a control character refused first (and
 * nothing after it checked), then the spaces folded, so the checks that follow read the folded
 * value. For text that reaches paper, mails or the CSV outside the form rules too (an admin's note).
 */
export function plainText(schema: z.ZodString, kind: PlainKind): z.ZodString {
  return schema
    .refine((value) => isPlain(value, kind), { message: PLAIN_MESSAGES[kind], abort: true })
    .overwrite((value) => foldPlain(value, kind));
}

export function textSchema(rule: TextRule): z.ZodString {
  let schema = z.string(rule.message);
  if (rule.trim) schema = schema.trim();
  if (rule.plain) schema = plainText(schema, rule.plain);
  for (const check of rule.checks) {
    if ('min' in check) schema = schema.min(check.min, check.message);
    else if ('max' in check) schema = schema.max(check.max, check.message);
    else if ('pattern' in check) schema = schema.regex(check.pattern, check.message);
    else schema = schema.refine(check.refine, check.message);
  }
  return schema;
}

export function listSchema(rule: ListRule): z.ZodArray<z.ZodString> {
  let schema = z.array(textSchema(rule.item), rule.message);
  for (const check of rule.checks) {
    schema = 'min' in check ? schema.min(check.min, check.message) : schema.max(check.max, check.message);
  }
  return schema;
}

type SchemaOf<R extends FieldRule> = R extends ListRule ? z.ZodArray<z.ZodString> : z.ZodString;

/** An object schema whose keys keep the rules' order (zod reports issues in key order). */
export function formSchema<R extends FormRules>(rules: R): z.ZodObject<{ [K in keyof R]: SchemaOf<R[K]> }> {
  const shape = Object.fromEntries(
    Object.entries(rules).map(([field, rule]) => [field, 'item' in rule ? listSchema(rule) : textSchema(rule)]),
  );
  // Object.fromEntries loses the per-key types that the mapped return type restores.
  return z.object(shape) as unknown as z.ZodObject<{ [K in keyof R]: SchemaOf<R[K]> }>;
}
