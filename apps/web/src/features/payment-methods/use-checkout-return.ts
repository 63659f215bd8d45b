import type { CheckoutNotSavedReason } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { refreshPaymentMethods } from './api/refresh';
import { hasCheckoutParams, readCheckoutReturn, shouldReopenPayModal, withoutCheckoutParams } from './checkout-rules';

export interface CheckoutReturnHandlers {
  /** The page of this invoice reopens its pay modal when the return names it (adding started there). */
  invoiceId?: bigint | null;
  onReopenPayModal?: () => void;
  onAdded: () => void;
  /** The service did not save the card (`duplicate`: the same card is saved on the account already). */
  onNotSaved: (reason: CheckoutNotSavedReason) => void;
}

/**
 * Back from the provider's checkout: re-read the cards, say why when the card was not saved (the
 * same card is on the account already), else reopen the invoice's pay modal when the return names that
 * invoice (that says enough: its card list now has the card) or else say the card was added, and take the parameters out of the URL (replacing the entry) so a reload does not repeat it.
 */
export function useCheckoutReturn(accountId: bigint, handlers: CheckoutReturnHandlers) {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const ret = readCheckoutReturn(params);
  const present = hasCheckoutParams(params);
  const invoiceId = handlers.invoiceId ?? null;
  const reopen = invoiceId !== null && shouldReopenPayModal(ret, invoiceId);
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });
  useEffect(() => {
    if (!present) return;
    if (ret.paymentMethodAdded) void refreshPaymentMethods(queryClient, accountId);
    if (ret.cardNotSaved) handlersRef.current.onNotSaved(ret.cardNotSaved);
    else if (reopen) handlersRef.current.onReopenPayModal?.();
    else if (ret.paymentMethodAdded) handlersRef.current.onAdded();
    setParams((current) => withoutCheckoutParams(current), { replace: true });
  }, [present, reopen, ret.paymentMethodAdded, ret.cardNotSaved, accountId, queryClient, setParams]);
}
