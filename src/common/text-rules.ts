/**
 * Form rules as plain data, so a browser form can check them without bundling
 * zod (about 27 KB gzip, a third of a shopper's first-load budget; see
 * docs/decisions/009-form-validation-bytes.md). The server's zod schemas are
 * built from the same data (schemas/from-rules.ts), and a property test holds
 * the two readings to the same answer: one rule, one message, in one place.
 */
import { foldPlain, isPlain, PLAIN_MESSAGES, type PlainKind } from './text.ts';

/** One check of a text value; the first that fails gives its message. */
export type TextCheck =
  | { min: number; message: string }
  | { max: number; message: string }
  | { pattern: RegExp; message: string }
  | { refine: (value: string) => boolean; message: string };

export interface TextRule {
  /** The message for a value that is missing or not text. */
  message: string;
  /** Drop spaces around the value before checking it (what is kept is trimmed too). */
  trim: boolean;
  /**
   * Text that reaches paper (names, addresses, a complaint): after trimming, a value with a control
   * character is refused first (PLAIN_MESSAGES, text.ts), then its spaces are folded, and `checks`
   * and what is kept read the folded value. 'line' refuses line breaks too; 'lines' keeps them.
   */
  plain?: PlainKind;
  checks: readonly TextCheck[];
}

/**
 * The most common rule: `min` to `max` characters (trimmed unless told not
 * to), with `message` for a value missing or too short and `tooLong` above;
 * `plain` for text that reaches paper (TextRule.plain).
 */
export function lengthRule(
  min: number,
  max: number,
  message: string,
  tooLong: string,
  { trim = true, plain }: { trim?: boolean; plain?: PlainKind } = {},
): TextRule {
  return {
    message,
    trim,
    ...(plain ? { plain } : {}),
    checks: [
      { min, message },
      { max, message: tooLong },
    ],
  };
}

/** A list of texts: too many is refused first, then each item is checked, then too few. */
export interface ListRule {
  message: string;
  item: TextRule;
  checks: readonly ({ min: number; message: string } | { max: number; message: string })[];
}

export type FieldRule = TextRule | ListRule;
export type FormRules = Record<string, FieldRule>;
export type FormValues<R extends FormRules> = { [K in keyof R]: R[K] extends ListRule ? string[] : string };

type Checked<T> = { ok: true; value: T } | { ok: false; field: string; message: string };
/** A list's answer: its items' messages when some are wrong. */
type ListChecked = Checked<string[]> | { ok: false; fields: Record<string, string> };

function brokenCheck(checks: TextRule['checks'] | ListRule['checks'], value: string | string[]) {
  // Texts are measured in code points, as zod does (an emoji is one character, not two UTF-16 units).
  const length = typeof value === 'string' ? [...value].length : value.length;
  return checks.find((c) => {
    if ('min' in c) return length < c.min;
    if ('max' in c) return length > c.max;
    if ('pattern' in c) return !c.pattern.test(value as string);
    return !c.refine(value as string);
  });
}

export function checkText(rule: TextRule, raw: string, field = ''): Checked<string> {
  let value = rule.trim ? raw.trim() : raw;
  if (rule.plain) {
    if (!isPlain(value, rule.plain)) return { ok: false, field, message: PLAIN_MESSAGES[rule.plain] };
    value = foldPlain(value, rule.plain);
  }
  const broken = brokenCheck(rule.checks, value);
  return broken ? { ok: false, field, message: broken.message } : { ok: true, value };
}

function checkList(rule: ListRule, raw: string[], field: string): ListChecked {
  // zod refuses an overlong list before reading its items (a guard against huge inputs): so do we.
  const tooLong = rule.checks.find((c) => 'max' in c && raw.length > c.max);
  if (tooLong) return { ok: false, field, message: tooLong.message };
  const value: string[] = [];
  const items: Record<string, string> = {};
  for (const [i, item] of raw.entries()) {
    const checked = checkText(rule.item, item, `${field}.${i}`);
    if (checked.ok) value.push(checked.value);
    else items[checked.field] = checked.message;
  }
  // Every wrong item is marked, as zod reports each one.
  if (Object.keys(items).length > 0) return { ok: false, fields: items };
  const broken = brokenCheck(rule.checks, value);
  return broken ? { ok: false, field, message: broken.message } : { ok: true, value };
}

/** A form's refusal: its first broken rule (field and message), and every broken field's message. */
export interface FormRefusal {
  ok: false;
  field: string;
  message: string;
  /** Each broken field's first message, fields in the rules' order: the form marks them all at once. */
  fields: Record<string, string>;
}

/**
 * Every broken rule of a form, one per field, fields in the order the rules list them (the
 * spec's order), with the field each belongs to ("addresses.1" for a list item); the first is
 * also given as `field` and `message`. Or the values as the server will keep them (trimmed,
 * plain text folded). A form marks every wrong field at once (docs/decisions/015-one-form-pattern.md).
 */
export function checkForm<R extends FormRules>(
  rules: R,
  values: FormValues<R>,
): { ok: true; data: FormValues<R> } | FormRefusal {
  const data: Record<string, string | string[]> = {};
  const fields: Record<string, string> = {};
  for (const [field, rule] of Object.entries(rules)) {
    const raw = values[field] as string | string[];
    const checked = 'item' in rule ? checkList(rule, raw as string[], field) : checkText(rule, raw as string, field);
    if (checked.ok) data[field] = checked.value;
    else if ('fields' in checked) Object.assign(fields, checked.fields);
    else fields[checked.field] = checked.message;
  }
  const [first] = Object.entries(fields);
  if (first) return { ok: false, field: first[0], message: first[1], fields };
  return { ok: true, data: data as FormValues<R> };
}
