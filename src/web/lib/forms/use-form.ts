/**
 * useForm: the one way every form works, shopper and admin (docs/decisions/015-one-form-pattern.md).
 *
 * It keeps the values as typed, each bad field's message, the loader overlay's state and one
 * message (error or success) with the field it is about. Submitting checks the values with the
 * shared rules before calling the server, focuses the first bad field, runs the call under the
 * overlay, puts the server's 4xx `fields` on their fields, and keeps what was typed on failure.
 * Editing a field clears its message; the Message component clears the message after 3 s
 * (docs/product.md#states-and-transitions). A complete form:
 *
 *   const form = useForm({
 *     id: 'contact',                                   // inputs are `contact-<field>`
 *     initial: { name: '', text: '' },
 *     check: (values) => checkForm(CONTACT_RULES, values),   // or someSchema.safeParse(values) (admin)
 *     send: (data) => sendComplaint(data),
 *     success: 'Thank you. We will reply within a day.',
 *     reset: true,                                     // empty the form after success
 *   });
 *   return (
 *     <form onSubmit={form.submit} noValidate>
 *       <TextField label="Name" autoComplete="name" {...form.field('name')} />
 *       <TextAreaField label="Your message" rows={4} {...form.field('text')} />
 *       <Message {...form.messageProps} />
 *       <button type="submit" className="btn btn-gold" disabled={form.busy}>Send</button>
 *       <LoaderOverlay active={form.busy} label="Sending…" />
 *     </form>
 *   );
 *
 * Shopper forms check with `checkForm` (src/common/*-rules.ts), never a zod schema: zod would
 * add 27 KB to the page (docs/decisions/009-form-validation-bytes.md). Every wrong field is marked
 * at once and the first on the page gets focus. A form that shows its one message in <Message>
 * passes `showError={false}` before `{...form.field()}` (the field is still marked invalid); when
 * several fields are wrong, the message counts them and each field shows its own all the same.
 */
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { resubmit, takeEarlyForm } from './early-forms.ts';
import { type CheckResult, callFailure, readCheck } from './field-messages.ts';
import { type FormAction, type FormState, formReducer } from './form-reducer.ts';
import { postedState } from './posted-form.ts';

export interface FormOptions<V, D, R> {
  /** Prefix of the inputs' ids: field "name" is `${id}-name`, "addresses.1" is `${id}-addresses-1`. */
  id: string;
  initial: V | (() => V);
  /** Checks the values before the call; its data (trimmed, converted) is what `send` gets. */
  check?: (values: V) => CheckResult<D>;
  /** The call. What it throws is shown (an ApiError's message and fields). */
  send: (data: D, values: V) => Promise<R> | R;
  /** The success message, if the form shows one. */
  success?: string | ((result: R) => string);
  /** After success: `true` starts again from `initial`; a function gives the new values. Default: keep. */
  reset?: boolean | ((result: R) => V);
  /** Runs after success, once the overlay is gone (refresh the session, go back, tell the parent). */
  onSuccess?: (result: R, data: D) => void | Promise<void>;
  /** For a one-field form: the field a message that names none is about. */
  defaultField?: string;
}

/** The keys whose values are text: those `field()` can bind to an input. */
export type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

type Dispatch<V> = (action: FormAction<V>) => void;

/** The initial values (`initial` may be a function, called each time: a fresh start). */
function initialValues<V>(initial: V | (() => V)): V {
  return typeof initial === 'function' ? (initial as () => V)() : initial;
}

/** The id of a field's input (dots become hyphens: ids stay usable in CSS selectors). */
export function fieldInputId(formId: string, field: string): string {
  return `${formId}-${field.replaceAll('.', '-')}`;
}

/** The input of `field`, or of the nearest part that has one ("images.0" falls back to "images"). */
function fieldElement(formId: string, field: string): HTMLElement | null {
  const parts = field.split('.');
  for (let n = parts.length; n > 0; n--) {
    const element = document.getElementById(fieldInputId(formId, parts.slice(0, n).join('.')));
    if (element) return element;
  }
  return null;
}

/**
 * Focuses the wrong field that comes first on the page (document order, not the order the
 * rules or the server listed them: the admin product form's Brand comes before Selling price).
 */
export function focusFirstField(formId: string, fields: readonly string[]): void {
  const inputs = fields.map((field) => fieldElement(formId, field)).filter((e): e is HTMLElement => e !== null);
  if (inputs.length === 0) return;
  inputs.reduce((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_PRECEDING ? b : a)).focus();
}

/**
 * The input id of each text field of a form's values: a string field by its name, each row of a
 * list of strings ("addresses": Edit Profile's address boxes) by `name.index`, as the form renders
 * them (fieldInputId), so what was typed in any of them before the script ran is taken over.
 */
function textFieldIds(formId: string, values: object): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string') ids[key] = fieldInputId(formId, key);
    else if (Array.isArray(value) && value.every((row) => typeof row === 'string'))
      value.forEach((_, i) => {
        ids[`${key}.${i}`] = fieldInputId(formId, `${key}.${i}`);
      });
  }
  return ids;
}

/** The values with what was typed put in: "name" or a list's row "addresses.1". */
function withTyped<V>(values: V, typed: Record<string, string>): V {
  const next = { ...values } as Record<string, unknown>;
  for (const [field, text] of Object.entries(typed)) {
    const dot = field.lastIndexOf('.');
    const list = dot > 0 ? next[field.slice(0, dot)] : undefined;
    if (Array.isArray(list)) {
      const rows = [...list];
      rows[Number(field.slice(dot + 1))] = text;
      next[field.slice(0, dot)] = rows;
    } else next[field] = text;
  }
  return next as V;
}

/**
 * The submit cycle, apart from React (tested in use-form.test.ts): check, then the call under the
 * overlay, then success or the failure on its fields. Returns whether it succeeded.
 */
export async function runSubmit<V, D, R>(
  options: FormOptions<V, D, R>,
  values: V,
  dispatch: Dispatch<V>,
  send: (data: D, values: V) => Promise<R> | R = options.send,
): Promise<boolean> {
  const defaultField = options.defaultField ?? null;
  let data = values as unknown as D;
  if (options.check) {
    const checked = readCheck(options.check(values));
    if ('failure' in checked) {
      dispatch({ type: 'fail', failure: checked.failure, defaultField });
      return false;
    }
    data = checked.data;
  }
  dispatch({ type: 'start' });
  let result: R;
  try {
    result = await send(data, values);
  } catch (err) {
    dispatch({ type: 'fail', failure: callFailure(err), defaultField });
    return false;
  }
  const { success, reset } = options;
  dispatch({
    type: 'succeed',
    text: typeof success === 'function' ? success(result) : (success ?? null),
    values: typeof reset === 'function' ? reset(result) : reset ? initialValues(options.initial) : null,
  });
  await options.onSuccess?.(result, data);
  return true;
}

export function useForm<V, D = V, R = unknown>(options: FormOptions<V, D, R>) {
  const [state, dispatch] = useReducer(
    formReducer as (state: FormState<V>, action: FormAction<V>) => FormState<V>,
    options.initial,
    // A refusal the server rendered into the page (posted-form.ts) is the first state.
    (initial) => postedState(options.id, initialValues(initial), options.defaultField ?? null),
  );
  // The latest values and options for callbacks made in an earlier render; busy guards a double submit.
  const latest = useRef({ state, options });
  latest.current = { state, options };
  const running = useRef(false);
  const formId = options.id;

  // A form the server rendered may have been typed in, and sent, before the script ran
  // (docs/decisions/043-scripts-after-load.md): on mount the state takes what its boxes hold, and
  // the submit the page's loader held is made again once the state has it (the effect below, on
  // the next commit; declared first so that it does not run in this one).
  const heldSubmit = useRef<ReturnType<typeof takeEarlyForm>>(null);
  useEffect(() => {
    const taken = heldSubmit.current;
    if (!taken?.held) return;
    heldSubmit.current = null;
    resubmit(taken.held);
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form mounts.
  useEffect(() => {
    const taken = takeEarlyForm(textFieldIds(formId, latest.current.state.values as object));
    if (!taken) return;
    if (Object.keys(taken.typed).length === 0) {
      if (taken.held) resubmit(taken.held);
      return;
    }
    heldSubmit.current = taken;
    dispatch({ type: 'set', field: '', update: (now) => withTyped(now, taken.typed) });
  }, []);

  // After the failure is on screen (and after <Message> scrolled itself into view), so the bad field wins.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per failure on purpose.
  useEffect(() => {
    if (state.focus) focusFirstField(formId, Object.keys(state.errors));
  }, [state.failures]);

  const submit = useCallback(async (event?: FormEvent, send?: (data: D, values: V) => Promise<R> | R) => {
    event?.preventDefault();
    if (running.current) return false;
    running.current = true;
    try {
      const { state: now, options: opts } = latest.current;
      return await runSubmit(opts, now.values, dispatch, send);
    } finally {
      running.current = false;
    }
  }, []);

  /** Sets a field's value and clears its message (`errorField`: a part's message instead, "addresses.2"). */
  const set = useCallback(<K extends keyof V>(key: K, value: V[K], errorField: string = String(key)) => {
    dispatch({ type: 'set', field: errorField, update: (values) => ({ ...values, [key]: value }) });
  }, []);
  /** Changes several values at once (e.g. a lookup filling city and state), clearing the messages of those it changed. */
  const update = useCallback((change: (values: V) => V) => dispatch({ type: 'set', field: '', update: change }), []);
  const fail = useCallback((text: string, field: string | null = null) => {
    dispatch({ type: 'fail', failure: { message: text, fields: field ? { [field]: text } : {} }, defaultField: null });
  }, []);
  const clearMessage = useCallback(() => dispatch({ type: 'message', message: null }), []);
  const reset = useCallback((values?: V) => {
    dispatch({ type: 'reset', values: values ?? initialValues(latest.current.options.initial) });
  }, []);

  const { values, errors, busy, message } = state;
  const several = Object.keys(errors).length > 1;
  return useMemo(
    () => ({
      values,
      errors,
      busy,
      message,
      /** `onSubmit` of the form; also `submit(undefined, otherSend)` for a second action (same checks). */
      submit,
      set,
      update,
      /** Shows an error found outside submit (a file too large), on `field` when given. */
      fail,
      clearMessage,
      /** Starts again from `values` (default: the initial ones), with no message. */
      reset,
      /** The id, value, error and onChange of a text field, for TextField, SelectField or TextAreaField. */
      field: <K extends TextKey<V>>(name: K) => ({
        id: fieldInputId(formId, name),
        value: values[name] as string,
        error: errors[name] ?? null,
        // With several wrong fields the form's message only counts them: each field shows its own,
        // even in a form that otherwise shows its one message instead (`showError={false}` before this).
        ...(several ? { showError: true } : {}),
        onChange: (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
          set(name, e.target.value as V[K]),
      }),
      /** Props of the form's <Message>. */
      messageProps: { text: message?.text ?? null, tone: message?.tone ?? 'error', onClose: clearMessage },
    }),
    [values, errors, several, busy, message, submit, set, update, fail, clearMessage, reset, formId],
  );
}
