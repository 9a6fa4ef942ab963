/**
 * The app's side of the forms that waited for it (docs/decisions/043-scripts-after-load.md).
 *
 * The page's inline loader (src/server/pages/deferred-scripts.ts) keeps the server-rendered forms
 * that have no action, and those that post (the account forms, decision 055), in
 * `window[EARLY_FORMS_KEY].waiting`, and holds a submit of one with no action made before the app
 * has taken it over (one that posts goes to the server). When a form's `useForm` mounts, it takes the form over here:
 * - what the shopper typed before the script ran: the hydration (Preact's or React's) keeps it in the page,
 *   but the form's state starts from `initial`, so a submit would send the empty values;
 * - the held submit, made again once the state holds those values.
 */
import { EARLY_FORMS_KEY } from '../../../common/early-forms.ts';

interface EarlyForms {
  waiting: Set<HTMLFormElement>;
  held: Map<HTMLFormElement, HTMLElement | null>;
  /** Each field's value at its last input event, kept by the loader. */
  typed: WeakMap<EventTarget, string>;
}

export interface TakenForm {
  /** Text fields whose box holds something other than what the server sent: typed or autofilled. */
  typed: Record<string, string>;
  /** The submit held by the loader, to make again; null if none was made. */
  held: { form: HTMLFormElement; submitter: HTMLElement | null } | null;
}

function earlyForms(): EarlyForms | undefined {
  return (window as unknown as Record<string, EarlyForms | undefined>)[EARLY_FORMS_KEY];
}

/** A box the shopper types in (not a checkbox, radio, file or hidden input). */
function textBox(element: HTMLElement | null): HTMLInputElement | HTMLTextAreaElement | null {
  if (element instanceof HTMLTextAreaElement) return element;
  if (!(element instanceof HTMLInputElement)) return null;
  return ['checkbox', 'radio', 'file', 'hidden', 'submit', 'button', 'image', 'reset'].includes(element.type)
    ? null
    : element;
}

/**
 * Takes over the waiting form whose fields are `inputIds` (field name → input id), if the page
 * has one; null when the form was not in the server's page or was taken over already.
 */
export function takeEarlyForm(inputIds: Record<string, string>): TakenForm | null {
  const early = earlyForms();
  if (!early || early.waiting.size === 0) return null;
  const boxes = Object.entries(inputIds).map(([field, id]) => [field, document.getElementById(id)] as const);
  const form = boxes.map(([, box]) => (box as HTMLInputElement | null)?.form).find((f) => f && early.waiting.has(f));
  if (!form) return null;
  early.waiting.delete(form);
  const typed: Record<string, string> = {};
  for (const [field, element] of boxes) {
    const box = textBox(element);
    if (!box || box.form !== form) continue;
    // The last input the loader saw (React's hydration puts a textarea back to the server's text;
    // Preact's does not), else a value other than the server's (defaultValue: React's hydration sets it to
    // the state's value, which is the server's, and leaves the box's value as it is).
    const value = early.typed.get(box) ?? box.value;
    if (value !== box.defaultValue) typed[field] = value;
  }
  const held = early.held.has(form) ? { form, submitter: early.held.get(form) ?? null } : null;
  early.held.delete(form);
  return { typed, held };
}

/** Makes the held submit again, with the same button when it belongs to the form. */
export function resubmit({ form, submitter }: { form: HTMLFormElement; submitter: HTMLElement | null }): void {
  if (!form.isConnected) return;
  const button = submitter && 'form' in submitter && (submitter as HTMLButtonElement).form === form ? submitter : null;
  form.requestSubmit(button);
}
