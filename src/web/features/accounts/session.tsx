/**
 * Who is logged in, asked of the server (docs/product.md#better-1): GET /api/session answers
 * { user, isAdmin }. Nothing about the user is kept in local storage.
 * CONTRACT used by other features and routes: SessionProvider (mounted in
 * app/layout.tsx) and useSession().
 */
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { accountApi } from '../../../common/account-api.ts';
import { apiPath } from '../../../common/api-contract.ts';
import type { SessionUser } from '../../../common/schemas/session.ts';
import { call, onUnauthorized, takeEmbeddedAnswer } from '../../lib/api-client.ts';

/** The server's type of the logged-in shopper (src/common/schemas/session.ts), for this feature's users. */
export type { SessionUser };

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
  // A page that works without the script (Edit Profile, Change password: server/accounts/
  // pages/account-heads.ts) carries the session's answer, so the server renders the shopper's form.
  const [data, setData] = useState<{ user: SessionUser | null; isAdmin: boolean; loading: boolean }>(() => {
    const embedded = takeEmbeddedAnswer<{ user: SessionUser | null; isAdmin: boolean }>(
      apiPath(accountApi.session.path, {}),
    );
    return embedded ? { ...embedded, loading: false } : { user: null, isAdmin: false, loading: true };
  });

  /**
   * `urgent` false for the page's first question: its answer then renders as a transition.
   * The screen under this provider may still be hydrating when the answer comes (the
   * screen hydrates after the shell, docs/decisions/022-server-rendering.md); an urgent change
   * of this context would make React hydrate the whole screen at once, in one long task.
   * A refresh asked for (after a log-in or a 401) stays urgent: the caller acts on it next.
   */
  const load = useCallback(async (urgent: boolean) => {
    const apply = (update: Parameters<typeof setData>[0]) =>
      urgent ? setData(update) : startTransition(() => setData(update));
    try {
      const session = await call(accountApi.session);
      apply({ user: session.user, isAdmin: session.isAdmin, loading: false });
    } catch {
      // Offline or server trouble: treat as logged out for now; the next call retries.
      apply((d) => ({ ...d, loading: false }));
    }
  }, []);
  const refresh = useCallback(() => load(true), [load]);

  useEffect(() => {
    void load(false);
    // Any 401 means the session ended (expired, logged out elsewhere): ask again.
    return onUnauthorized(() => void refresh());
  }, [load, refresh]);

  const value = useMemo(() => ({ ...data, refresh }), [data, refresh]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  return useContext(SessionContext);
}
