import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { hasPendingPayment } from '@/lib/payment-status';
import { refreshAccount } from '@/lib/refresh-account';

/** When the last settling payment has settled, balances and invoices have changed: re-read them. */
export function useRefreshWhenSettled(accountId: bigint, payments: readonly { status: string }[] | undefined) {
  const queryClient = useQueryClient();
  const pending = payments ? hasPendingPayment(payments) : false;
  const wasPending = useRef(pending);
  useEffect(() => {
    if (wasPending.current && !pending) void refreshAccount(queryClient, accountId);
    wasPending.current = pending;
  }, [pending, accountId, queryClient]);
}
