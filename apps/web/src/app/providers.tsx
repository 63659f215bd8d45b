import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { CurrentAccountProvider } from '@/lib/current-account/current-account';
import { queryClient } from '@/lib/query-client';
import type { Session } from '@/lib/session/session';

/**
 * Providers of the authenticated area: TanStack Query and the current account.
 * i18n, theme and session need no provider (module-level stores read with hooks), and the public pages do
 * not use TanStack Query: keeping it here keeps it out of the /login download.
 */
export function PortalProviders({ session, children }: { session: Session; children: ReactNode }) {
  const userId = useRef(session.userId);
  useEffect(() => {
    // Another user signed in (e.g. in another tab): nothing cached for the previous one may show.
    if (userId.current !== session.userId) {
      queryClient.clear();
      userId.current = session.userId;
    }
  }, [session.userId]);
  return (
    <QueryClientProvider client={queryClient}>
      <CurrentAccountProvider key={session.userId} session={session}>
        {children}
      </CurrentAccountProvider>
    </QueryClientProvider>
  );
}

/** Drops every cached answer; called when the session ends so the next user never sees them. */
export const clearPortalCache = (): void => queryClient.clear();
