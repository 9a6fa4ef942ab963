/**
 * A refused form post's page (common/account-forms.ts PostedForm; docs/decisions/
 * 055-account-forms-rendered-and-posted.md) as the form's first state: what was typed, and a
 * message that names no field (a limit's 429, the advance link's 404) shown at a one-field form's
 * field, as after the app's own call, so the page without the script shows it too.
 */
import { describe, expect, it } from 'vitest';
import { type PostedForm, postedFormPath } from '../../../common/account-forms.ts';
import type { SiteConfig } from '../../../common/site.ts';
import { renderWithPage } from '../page-data.ts';
import { postedState } from './posted-form.ts';

const onPage = (formId: string, posted: PostedForm) =>
  ({
    origin: 'http://localhost',
    site: {} as SiteConfig,
    answers: { [`/api${postedFormPath(formId)}`]: JSON.stringify(posted) },
  }) as const;

describe('postedState', () => {
  const limit: PostedForm = { values: { utr: '412345678901' }, message: 'Too many references', fields: {} };

  it('shows a message naming no field at the one-field form’s field, with what was typed', () => {
    const state = renderWithPage(onPage('advance-utr', limit), () => postedState('advance-utr', { utr: '' }, 'utr'));
    expect(state.values).toEqual({ utr: '412345678901' });
    expect(state.errors).toEqual({ utr: 'Too many references' });
    expect(state.message).toEqual({ text: 'Too many references', tone: 'error', field: 'utr' });
  });

  it('keeps the field messages it was given, and marks no field of a form with none named', () => {
    const bad: PostedForm = { values: { utr: '12' }, message: 'Enter 12 digits', fields: { utr: 'Enter 12 digits' } };
    const named = renderWithPage(onPage('advance-utr', bad), () => postedState('advance-utr', { utr: '' }, 'utr'));
    expect(named.errors).toEqual({ utr: 'Enter 12 digits' });
    const login = renderWithPage(onPage('login', { values: { number: '9' }, message: 'Wrong', fields: {} }), () =>
      postedState('login', { number: '', password: '' }),
    );
    expect(login.errors).toEqual({});
    expect(login.message).toEqual({ text: 'Wrong', tone: 'error', field: null });
  });
});
