/**
 * The state of one form and how it changes, apart from React so it can be
 * tested as plain data (use-form.ts holds it in useReducer).
 */
import type { Failure, FieldMessages } from './field-messages.ts';

/** The one message a form shows, and the field it is about (null: the form as a whole). */
export interface FormMessage {
  text: string;
  tone: 'error' | 'success';
  field: string | null;
}

export interface FormState<V> {
  /** What was typed, as typed (a half-typed price stays "12."). */
  values: V;
  /** Each bad field's message, first to fix first. */
  errors: FieldMessages;
  /** A call is running: the loader overlay shows and submitting again does nothing. */
  busy: boolean;
  message: FormMessage | null;
  /**
   * The first wrong field in the failure's order; once the failure is on screen the form focuses
   * the wrong field that comes first on the page. `failures` makes each failure a new event.
   */
  focus: string | null;
  failures: number;
}

export type FormAction<V> =
  | { type: 'set'; field: string; update: (values: V) => V }
  | { type: 'start' }
  | { type: 'fail'; failure: Failure; defaultField: string | null }
  | { type: 'succeed'; text: string | null; values: V | null }
  | { type: 'message'; message: FormMessage | null }
  | { type: 'reset'; values: V };

/** The form's message when several fields are wrong (each field shows its own under it). */
export function severalWrong(count: number): string {
  return `Please check the ${count} marked fields`;
}

export function initialState<V>(values: V): FormState<V> {
  return { values, errors: {}, busy: false, message: null, focus: null, failures: 0 };
}

/** Editing a field drops its message, and those of its parts ("addresses" takes "addresses.2" with it). */
function withoutField(errors: FieldMessages, field: string): FieldMessages {
  const left = Object.entries(errors).filter(([key]) => key !== field && !key.startsWith(`${field}.`));
  return left.length === Object.keys(errors).length ? errors : Object.fromEntries(left);
}

export function formReducer<V>(state: FormState<V>, action: FormAction<V>): FormState<V> {
  switch (action.type) {
    case 'set': {
      const values = action.update(state.values);
      if (action.field !== '') return { ...state, values, errors: withoutField(state.errors, action.field) };
      // A change of several values (a pincode's lookup filling city and state) clears the message
      // of each field it changed: "Please enter your city" under a city just filled in is wrong.
      let errors = state.errors;
      for (const key of Object.keys(values as object) as (keyof V & string)[]) {
        if (values[key] !== state.values[key]) errors = withoutField(errors, key);
      }
      return { ...state, values, errors };
    }
    case 'start':
      return { ...state, busy: true, errors: {}, message: null, focus: null };
    case 'fail': {
      const { message, fields } = action.failure;
      // A one-field form shows a message that names no field at that field.
      const errors =
        Object.keys(fields).length === 0 && action.defaultField ? { [action.defaultField]: message } : fields;
      const wrong = Object.keys(errors);
      const first = wrong[0] ?? null;
      return {
        ...state,
        busy: false,
        errors,
        // Several wrong fields each show their own message; the form's message counts them.
        message: { text: wrong.length > 1 ? severalWrong(wrong.length) : message, tone: 'error', field: first },
        focus: first,
        failures: state.failures + 1,
      };
    }
    case 'succeed':
      return {
        ...state,
        busy: false,
        errors: {},
        values: action.values ?? state.values,
        message: action.text ? { text: action.text, tone: 'success', field: null } : null,
        focus: null,
      };
    case 'message':
      return { ...state, message: action.message };
    case 'reset':
      return { ...initialState(action.values), failures: state.failures };
  }
}
