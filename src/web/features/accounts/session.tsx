/**
 * Who is logged in, asked of the server (DESIGN.md 1): GET /api/session answers
 * { user, isAdmin }. Nothing about the user is kept in local storage.
 * CONTRACT used by other features and routes: SessionProvider (mounted in
 * app/layout.tsx) and useSession(). The accounts work fills in the details.
 */
import { createContext, type ReactNode, useContext } from 'react';

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
  return <SessionContext.Provider value={useContext(SessionContext)}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  return useContext(SessionContext);
}
