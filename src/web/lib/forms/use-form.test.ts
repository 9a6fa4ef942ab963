import { describe, expect, it, vi } from 'vitest';
import { LOGIN_RULES } from '../../../common/account-rules.ts';
import { newAdminSchema } from '../../../common/schemas/admin.ts';
import { checkForm } from '../../../common/text-rules.ts';
import { ApiError } from '../api-client.ts';
import { type FormAction, type FormState, formReducer, initialState } from './form-reducer.ts';
import { type FormOptions, fieldInputId, runSubmit } from './use-form.ts';

/** Runs a submit against the real reducer, as useForm does, and records every state it went through. */
async function submit<V, D, R>(options: FormOptions<V, D, R>, from: FormState<V>) {
  let state = from;
  const seen: FormState<V>[] = [];
  const dispatch = (action: FormAction<V>) => {
    state = formReducer(state, action);
    seen.push(state);
  };
  const ok = await runSubmit(options, state.values, dispatch);
  return { ok, state, seen };
}

const login = (send: FormOptions<{ number: string; password: string }, unknown, unknown>['send']) => ({
  id: 'login',
  initial: { number: '', password: '' },
  check: (values: { number: string; password: string }) => checkForm(LOGIN_RULES, values),
  send,
});

describe('runSubmit', () => {
  it('checks with the shared rules first: bad values never reach the server, and what was typed stays', async () => {
    const send = vi.fn();
    const typed = { number: '98765', password: 'secret-pass' };
    const { ok, state, seen } = await submit(login(send), initialState(typed));
    expect(ok).toBe(false);
    expect(send).not.toHaveBeenCalled();
    expect(seen.some((s) => s.busy)).toBe(false);
    expect(state.values).toEqual(typed);
    expect(state.errors).toEqual({ number: 'Please provide a valid phone number' });
    expect(state.message).toEqual({ text: 'Please provide a valid phone number', tone: 'error', field: 'number' });
    expect(state.focus).toBe('number');
  });

  it('marks every wrong field at once, each with its own message, and the message counts them', async () => {
    const { state } = await submit(login(vi.fn()), initialState({ number: '', password: '' }));
    expect(state.errors).toEqual({
      number: 'Please provide a valid phone number',
      password: 'Your password should contain at least 8 characters',
    });
    expect(state.message).toEqual({ text: 'Please check the 2 marked fields', tone: 'error', field: 'number' });
    expect(state.focus).toBe('number');
  });

  it('sends the trimmed data under the overlay, then shows the success message and runs onSuccess', async () => {
    const send = vi.fn(async () => ({ ok: true }));
    const onSuccess = vi.fn();
    const options = { ...login(send), success: 'Logged in successfully', onSuccess };
    const { ok, state, seen } = await submit(options, initialState({ number: ' 9000000001', password: 'secret-pass' }));
    expect(ok).toBe(true);
    expect(send).toHaveBeenCalledWith(
      { number: '9000000001', password: 'secret-pass' },
      { number: ' 9000000001', password: 'secret-pass' },
    );
    expect(seen[0]?.busy).toBe(true);
    expect(state.busy).toBe(false);
    expect(state.message).toEqual({ text: 'Logged in successfully', tone: 'success', field: null });
    expect(onSuccess).toHaveBeenCalledWith({ ok: true }, { number: '9000000001', password: 'secret-pass' });
  });

  it("puts the server's 4xx fields on their fields, closes the overlay and keeps what was typed", async () => {
    const send = async () => {
      throw new ApiError(409, 'conflict', 'That username is already taken', {
        username: 'That username is already taken',
      });
    };
    const typed = { username: 'taken.name', password: 'a-long-admin-pass' };
    const options = { id: 'new-admin', initial: typed, check: (v: typeof typed) => newAdminSchema.safeParse(v), send };
    const { ok, state } = await submit(options, initialState(typed));
    expect(ok).toBe(false);
    expect(state.busy).toBe(false);
    expect(state.values).toEqual(typed);
    expect(state.errors).toEqual({ username: 'That username is already taken' });
    expect(state.message).toMatchObject({ tone: 'error', field: 'username' });
    expect(state.focus).toBe('username');
  });

  it('shows a failure that names no field on the form, or on the one field of a one-field form', async () => {
    const send = async () => {
      throw new ApiError(0, 'network', 'Could not reach the shop.');
    };
    const whole = await submit({ id: 'x', initial: { utr: '1' }, send }, initialState({ utr: '1' }));
    expect(whole.state.errors).toEqual({});
    expect(whole.state.message).toEqual({ text: 'Could not reach the shop.', tone: 'error', field: null });
    const one = await submit({ id: 'x', initial: { utr: '1' }, send, defaultField: 'utr' }, initialState({ utr: '1' }));
    expect(one.state.errors).toEqual({ utr: 'Could not reach the shop.' });
    expect(one.state.focus).toBe('utr');
  });

  it('resets to the initial values, or to values made from the answer, only after success', async () => {
    const initial = () => ({ name: '' });
    const typed = initialState({ name: 'Casio' });
    expect((await submit({ id: 'x', initial, send: async () => 1, reset: true }, typed)).state.values).toEqual({
      name: '',
    });
    const fromAnswer = await submit(
      { id: 'x', initial, send: async () => 'Saved', reset: (r) => ({ name: r }) },
      typed,
    );
    expect(fromAnswer.state.values).toEqual({ name: 'Saved' });
    expect((await submit({ id: 'x', initial, send: async () => 1 }, typed)).state.values).toEqual({ name: 'Casio' });
  });
});

describe('formReducer', () => {
  it("editing a field clears its message and its parts' messages, not the others'", () => {
    const failed = formReducer(initialState({ addresses: ['a', 'b'], name: '' }), {
      type: 'fail',
      failure: { message: 'x', fields: { name: 'n', addresses: 'a', 'addresses.1': 'b' } },
      defaultField: null,
    });
    const edited = formReducer(failed, { type: 'set', field: 'addresses', update: (v) => ({ ...v, addresses: [] }) });
    expect(edited.errors).toEqual({ name: 'n' });
    expect(edited.message?.text).toBe('Please check the 3 marked fields');
    expect(edited.values.addresses).toEqual([]);
  });

  it("a change of several values (a pincode's lookup) clears the messages of the fields it changed only", () => {
    const failed = formReducer(initialState({ pincode: '400001', city: '', state: '', room: '' }), {
      type: 'fail',
      failure: { message: 'x', fields: { city: 'c', state: 's', room: 'r' } },
      defaultField: null,
    });
    const filled = formReducer(failed, {
      type: 'set',
      field: '',
      update: (v) => ({ ...v, city: 'Mumbai', state: 'Maharashtra' }),
    });
    expect(filled.errors).toEqual({ room: 'r' });
    expect(filled.values.city).toBe('Mumbai');
  });

  it('each failure is a new focus event, even on the same field', () => {
    const fail: FormAction<object> = {
      type: 'fail',
      failure: { message: 'x', fields: { a: 'x' } },
      defaultField: null,
    };
    const once = formReducer(initialState({}), fail);
    expect(formReducer(once, fail).failures).toBe(once.failures + 1);
  });
});

describe('fieldInputId', () => {
  it('names a list item with hyphens, so ids stay usable in CSS selectors', () => {
    expect(fieldInputId('profile', 'addresses.1')).toBe('profile-addresses-1');
    expect(fieldInputId('login', 'number')).toBe('login-number');
  });
});
