/**
 * The page's loader holds a submit of a server-rendered form with no action until the form's
 * `useForm` takes it over (docs/decisions/043-scripts-after-load.md, src/web/lib/forms/early-forms.ts). A form with
 * no action that is not a `useForm` form would be held for good: its button would do nothing.
 * So every `<form>` the server may render either has an action (it works as plain HTML) or is
 * sent by `form.submit`. The admin area is rendered in the browser only: its forms are never held.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = join(import.meta.dirname, '../../web');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'admin' ? [] : sources(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

/** Each `<form …>` opening tag of a file (an arrow function's `=>` inside it is not its end). */
function formTags(source: string): string[] {
  return [...source.matchAll(/<form\b((?:=>|[^>])*)>/g)].map((m) => m[0]);
}

describe('forms the server renders', () => {
  it('finds the tags (an onSubmit arrow does not cut a tag short)', () => {
    expect(formTags('<form action="/x" onSubmit={(e) => go(e)}>')).toEqual([
      '<form action="/x" onSubmit={(e) => go(e)}>',
    ]);
  });

  it('each has an action, or is sent by useForm (which takes a held submit over)', () => {
    const tags = sources(WEB).flatMap((file) =>
      formTags(readFileSync(file, 'utf8')).map((tag) => ({ file: relative(WEB, file), tag })),
    );
    expect(tags.length).toBeGreaterThan(15);
    const stuck = tags.filter(({ tag }) => !/\baction=/.test(tag) && !/onSubmit=\{form\.submit\}/.test(tag));
    expect(stuck).toEqual([]);
  });

  it('each with an action that carries a password posts it, never a GET (issue 34 item 7b)', () => {
    const withPassword = sources(WEB).filter((file) => /type[=:]\s*['"]password['"]/.test(readFileSync(file, 'utf8')));
    const tags = withPassword.flatMap((file) =>
      formTags(readFileSync(file, 'utf8')).map((tag) => ({ file: relative(WEB, file), tag })),
    );
    // Log in, sign up, change password, checkout's create-account step: each a form with an action.
    expect(tags.filter(({ tag }) => /\baction=/.test(tag)).length).toBeGreaterThanOrEqual(4);
    const gets = tags.filter(({ tag }) => /\baction=/.test(tag) && !/\bmethod="post"/.test(tag));
    expect(gets).toEqual([]);
  });
});
