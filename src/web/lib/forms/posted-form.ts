/**
 * A form's first state when the server answered its post with the page itself (common/account-forms.ts
 * PostedForm; docs/decisions/055-account-forms-rendered-and-posted.md): what was typed, the form's
 * message and each wrong field's own, so the page the server renders and the one the browser
 * hydrates show the same refusal. No answer: the form starts as the screen says.
 */
import { type PostedForm, postedFormPath } from '../../../common/account-forms.ts';
import { takeEmbeddedAnswer } from '../api-client.ts';
import { type FormState, initialState, severalWrong } from './form-reducer.ts';

export function postedState<V>(formId: string, values: V, defaultField: string | null = null): FormState<V> {
  const posted = takeEmbeddedAnswer<PostedForm>(postedFormPath(formId));
  if (!posted) return initialState(values);
  // Only the form's own fields, each of the same kind (text or list) as the screen's.
  const typed = Object.fromEntries(
    Object.entries(posted.values).filter(
      ([key, value]) =>
        Object.hasOwn(values as object, key) &&
        Array.isArray(value) === Array.isArray((values as Record<string, unknown>)[key]),
    ),
  );
  // A one-field form shows a message that names no field at that field, as after its own call.
  const errors =
    Object.keys(posted.fields).length === 0 && defaultField ? { [defaultField]: posted.message } : posted.fields;
  const wrong = Object.keys(errors);
  return {
    ...initialState({ ...values, ...typed }),
    errors,
    message: {
      text: wrong.length > 1 ? severalWrong(wrong.length) : posted.message,
      tone: 'error',
      field: wrong[0] ?? null,
    },
  };
}
