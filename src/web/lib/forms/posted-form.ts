/**
 * A form's first state when the server answered its post with the page itself (common/account-forms.ts
 * PostedForm; docs/decisions/055-account-forms-rendered-and-posted.md): what was typed, the form's
 * message and each wrong field's own, so the page the server renders and the one the browser
 * hydrates show the same refusal. No answer: the form starts as the screen says.
 */
import { type PostedForm, postedFormPath } from '../../../common/account-forms.ts';
import { takeEmbeddedAnswer } from '../api-client.ts';
import { type FormState, initialState, severalWrong } from './form-reducer.ts';

export function postedState<V>(formId: string, values: V): FormState<V> {
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
  const wrong = Object.keys(posted.fields);
  return {
    ...initialState({ ...values, ...typed }),
    errors: posted.fields,
    message: {
      text: wrong.length > 1 ? severalWrong(wrong.length) : posted.message,
      tone: 'error',
      field: wrong[0] ?? null,
    },
  };
}
