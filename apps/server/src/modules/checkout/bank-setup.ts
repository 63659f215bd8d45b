/**
 * Adding a bank account through the checkout setup (docs/decisions/0035-bank-debit.md): the agreement accepted
 * before the session starts, and the bank account a finished session saved, with the agreement tied to it
 * and its confirmation emailed.
 */
import { BANK_DEBIT_AGREEMENTS, bankDebitSchemeFor, type BankDebitScheme, type CheckoutSetupRequestSchema } from '@portal/contract';
import type { z } from 'zod';
import { badRequest } from '../../errors';
import { lockAccount } from '../../lib/account-lock';
import { recordAudit } from '../../lib/audit';
import { actorOfUser, idText, recordTypedEvent } from '../../lib/event-data';
import { jobActor } from '../../lib/events';
import type { Caller } from '../../lib/caller';
import type { Deps } from '../../http/deps';
import type { PortalDb } from '../../db/client';
import type { SavedBankAccount } from '../../card-providers/provider';
import { findSameBankAccount, hasDefaultPaymentMethod, insertBankAccount, queueAgreementConfirmation } from '../payment-methods';
import { agreementOfSession, currentBillingAddressLine, insertBankDebitAgreement, linkAgreement, personOf } from './bank-repository';
import { DUPLICATE_CARD_REFUSED } from './refusals';
import { completeCheckoutSessionRow, findCheckoutSession, type CheckoutSessionRow } from './repository';

export const BANK_SETUP_MESSAGES = {
  currency: 'Bank debit is available for accounts billed in Canadian or US dollars.',
  agreement: 'Please read and accept the bank debit agreement before adding a bank account.',
  agreementVersion: 'The bank debit agreement has changed. Please read it again and accept it.',
};

type SetupRequest = z.output<typeof CheckoutSetupRequestSchema>;

/** The scheme of the account's currency, once the request carries the acceptance of its current agreement. */
export const bankSchemeOfSetup = (request: SetupRequest, currency: string): BankDebitScheme => {
  const scheme = bankDebitSchemeFor(currency);
  if (!scheme) throw badRequest(BANK_SETUP_MESSAGES.currency);
  if (!request.agreement) throw badRequest(BANK_SETUP_MESSAGES.agreement);
  if (request.agreement.version !== BANK_DEBIT_AGREEMENTS[scheme][request.agreement.language].version) throw badRequest(BANK_SETUP_MESSAGES.agreementVersion);
  return scheme;
};

/** Records the acceptance in the session's transaction: version, language, when, who, from where, for which address. */
export const recordAgreementAcceptance = async (
  tx: PortalDb,
  input: { request: SetupRequest; scheme: BankDebitScheme; sessionId: string; caller: Caller; ip: string; now: Date },
): Promise<void> => {
  const person = await personOf(tx, input.caller.userId);
  const address = await currentBillingAddressLine(tx, input.request.accountId, input.now);
  await insertBankDebitAgreement(tx, {
    accountId: input.request.accountId,
    checkoutSessionId: input.sessionId,
    scheme: input.scheme,
    version: input.request.agreement!.version,
    language: input.request.agreement!.language,
    acceptedAt: input.now,
    acceptedByUserId: input.caller.userId,
    acceptedByName: person?.name ?? '',
    acceptedByEmail: person?.email ?? null,
    ipAddress: input.ip,
    billingAddress: address ?? '',
  });
};

/**
 * Saves the bank account a finished session reported, once, like a card (completeCardSetup): the same account
 * number is saved once per account, the first payment method becomes the default. Answers the session and
 * whether the account was refused as a duplicate.
 */
export const saveBankSetup = async (
  deps: Pick<Deps, 'db' | 'clock' | 'outbox'>,
  sessionId: string,
  bank: SavedBankAccount,
): Promise<{ session: CheckoutSessionRow | null; refused: boolean }> => {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const locked = await findCheckoutSession(tx, sessionId, true);
    if (!locked || locked.status === 'complete') return { session: locked, refused: false };
    await lockAccount(tx, locked.accountId);
    const same = bank.fingerprint ? await findSameBankAccount(tx, locked.accountId, bank.fingerprint) : null;
    if (same && same.providerRef !== bank.providerRef) {
      const completed = await completeCheckoutSessionRow(tx, sessionId, null, now);
      await recordAudit(tx, {
        actorUserId: locked.createdByUserId,
        accountId: locked.accountId,
        action: DUPLICATE_CARD_REFUSED,
        entity: 'checkout_session',
        entityId: sessionId,
        details: { bankName: bank.bankName, last4: bank.last4, savedPaymentMethodId: same.id },
      });
      return { session: completed, refused: true };
    }
    const method = await insertBankAccount(tx, {
      accountId: locked.accountId,
      provider: locked.provider,
      providerRef: bank.providerRef,
      scheme: bank.scheme,
      bankName: bank.bankName,
      last4: bank.last4,
      routing: bank.routing,
      fingerprint: bank.fingerprint,
      isDefault: !(await hasDefaultPaymentMethod(tx, locked.accountId)),
      createdAt: now,
    });
    const agreement = await agreementOfSession(tx, sessionId);
    if (agreement) {
      await linkAgreement(tx, agreement.id, method.id);
      await queueAgreementConfirmation(tx, deps.outbox, agreement, method, now);
    }
    const completed = await completeCheckoutSessionRow(tx, sessionId, method.id, now);
    await recordAudit(tx, {
      actorUserId: locked.createdByUserId,
      accountId: locked.accountId,
      action: 'payment_method.added',
      entity: 'payment_method',
      entityId: method.id,
      details: {
        type: 'bank_account',
        scheme: bank.scheme,
        bankName: method.brand,
        last4: method.last4,
        default: method.isDefault,
        checkoutSessionId: sessionId,
        agreementVersion: agreement?.version ?? null,
      },
    });
    await recordTypedEvent(tx, {
      type: 'payment_method.added',
      accountId: locked.accountId,
      actor: (await actorOfUser(tx, locked.createdByUserId)) ?? jobActor('card checkout'),
      data: { paymentMethodId: idText(method.id), type: 'bank_account', brand: method.brand, last4: method.last4, expMonth: null, expYear: null, isDefault: method.isDefault },
      at: now,
    });
    return { session: completed, refused: false };
  });
};
