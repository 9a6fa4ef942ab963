/**
 * Whether this browser holds an admin session, asked of the server
 * (GET /api/admin/me; docs/product.md#better-1, #better-2). Nothing about the admin is kept in storage.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { AdminAccount } from '../../common/schemas/admin.ts';
import { useSession } from '../features/accounts/session.tsx';
import { ApiError } from '../lib/api-client.ts';
import { adminApi } from './admin-api.ts';

interface AdminSession {
  admin: AdminAccount | null;
  loading: boolean;
  /** Set when the check itself failed (offline, server trouble), not when logged out. */
  error: string | null;
  loggedIn: (admin: AdminAccount) => void;
  logout: () => Promise<void>;
  retry: () => void;
}

const Context = createContext<AdminSession | null>(null);

export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const [state, setState] = useState<{ admin: AdminAccount | null; loading: boolean; error: string | null }>({
    admin: null,
    loading: true,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the check on retry.
  useEffect(() => {
    const controller = new AbortController();
    adminApi.me(controller.signal).then(
      ({ admin }) => setState({ admin, loading: false, error: null }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
          setState({ admin: null, loading: false, error: null });
        } else {
          setState({ admin: null, loading: false, error: err instanceof Error ? err.message : 'Something went wrong' });
        }
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const { refresh } = session;
  const loggedIn = useCallback(
    (admin: AdminAccount) => {
      setState({ admin, loading: false, error: null });
      void refresh();
    },
    [refresh],
  );
  const logout = useCallback(async () => {
    await adminApi.logout();
    setState({ admin: null, loading: false, error: null });
    void refresh();
  }, [refresh]);
  const retry = useCallback(() => {
    setState((s) => ({ ...s, loading: true, error: null }));
    setAttempt((a) => a + 1);
  }, []);

  const value = useMemo(() => ({ ...state, loggedIn, logout, retry }), [state, loggedIn, logout, retry]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useAdminSession(): AdminSession {
  const value = useContext(Context);
  if (!value) throw new Error('useAdminSession outside AdminSessionProvider');
  return value;
}
