/**
 * The account forms' call cycle (docs/product.md#states-and-transitions): loading overlay during the call; on
 * failure the server's message is shown and the overlay closes; what was typed
 * stays. Messages clear after 3 s or on their close icon (the Message component).
 */
import { useCallback, useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';

export interface SubmitState {
  busy: boolean;
  message: { text: string; tone: 'error' | 'success' } | null;
  /** The field the message is about, for aria-invalid. */
  field: string | null;
}

export function useSubmit() {
  const [state, setState] = useState<SubmitState>({ busy: false, message: null, field: null });

  const fail = useCallback((text: string, field: string | null = null) => {
    setState({ busy: false, message: { text, tone: 'error' }, field });
  }, []);
  const succeed = useCallback((text: string) => {
    setState({ busy: false, message: { text, tone: 'success' }, field: null });
  }, []);
  const clear = useCallback(() => setState((s) => ({ ...s, message: null, field: null })), []);

  /** Runs `call` with the overlay; returns its result, or undefined after showing the error. */
  const run = useCallback(async <T>(call: () => Promise<T>): Promise<T | undefined> => {
    setState({ busy: true, message: null, field: null });
    try {
      const result = await call();
      setState((s) => ({ ...s, busy: false }));
      return result;
    } catch (err) {
      const fields = (err as { fields?: Record<string, string> }).fields ?? {};
      setState({
        busy: false,
        message: { text: errorMessage(err), tone: 'error' },
        field: Object.keys(fields)[0] ?? null,
      });
      return undefined;
    }
  }, []);

  return { ...state, run, fail, succeed, clear };
}
