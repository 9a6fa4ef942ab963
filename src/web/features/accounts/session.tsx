/**
 * Who is logged in, asked of the server (docs/product.md#better-1): GET /api/session answers
 * { user, isAdmin }. Nothing about the user is kept in local storage.
 * CONTRACT used by other features and routes: SessionProvider (mounted in
 * app/layout.tsx) and useSession().
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { SessionData } from '../../../common/schemas/session.ts';
import { api, onUnauthorized } from '../../lib/api-client.ts';

export interface SessionUser {
  id: string;
  name: string;
  number: string;
  email: string;
  addresses: string[];
}

export interface SessionState {
  user: SessionUser | null;
  isAdmin: boolean;
  /** True until the first answer from the server. */
  loading: boolean;
  refresh: () => Promise<void>;
}

const SessionContext = createContext<SessionState>({
  user: null,
  isAdmin: false,
  loading: false,
  refresh: async () => {},
});

export function SessionProvider({ children }: { children: ReactNode }) {
  const [data, setData] = useState<{ user: SessionUser | null; isAdmin: boolean; loading: boolean }>({
    user: null,
    isAdmin: false,
    loading: true,
  });

  const refresh = useCallback(async () => {
    try {
      const session = await api<SessionData>('/session');
      setData({ user: session.user, isAdmin: session.isAdmin, loading: false });
    } catch {
      // Offline or server trouble: treat as logged out for now; the next call retries.
      setData((d) => ({ ...d, loading: false }));
    }
  }, []);

  useEffect(() => {
    void refresh();
    // Any 401 means the session ended (expired, logged out elsewhere): ask again.
    return onUnauthorized(() => void refresh());
  }, [refresh]);

  const value = useMemo(() => ({ ...data, refresh }), [data, refresh]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  return useContext(SessionContext);
}
