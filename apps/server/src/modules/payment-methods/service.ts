import { lockAccount } from '../../lib/account-lock';
import { MESSAGES, PAYMENT_MESSAGES, AUTOPAY_ON, type PaymentMethodEntry } from '@portal/contract';
import { badRequest, conflict, notFound } from '../../errors';
import { assertAccountAccess, canAccessAccount } from '../../lib/access';
import { recordAudit } from '../../lib/audit';
import { idText, recordTypedEvent } from '../../lib/event-data';
import { actorOfCaller } from '../../lib/events';
import type { Caller } from '../../lib/caller';
import { isCardExpired } from '@portal/contract';
import type { Deps } from '../../http/deps';
import {
  countPaymentMethods,
  deletePaymentMethod,
  findPaymentMethod,
  listCardsWithLastCharge,
  listPaymentMethods,
  scheduleUsingCard,
  type PaymentMethodRow,
} from './repository';
import { changeDefaultCard } from './default-card';
import { presentPaymentMethod } from './presenter';

/** The card, if the caller may use its account; another account's card answers like an unknown one. */
export const cardOfCaller = async (deps: Pick<Deps, 'db'>, caller: Caller, paymentMethodId: bigint): Promise<PaymentMethodRow> => {
  const card = await findPaymentMethod(deps.db, paymentMethodId);
  if (!card || !(await canAccessAccount(deps.db, caller, card.accountId))) throw notFound('The payment method');
  return card;
};

/** The account a card belongs to (what a write on it writes to); undefined for an unknown card. */
export const accountOfCard = async (deps: Pick<Deps, 'db'>, paymentMethodId: bigint): Promise<bigint | undefined> =>
  (await findPaymentMethod(deps.db, paymentMethodId))?.accountId;

export const listCards = async (deps: Pick<Deps, 'db'>, caller: Caller, accountId: bigint): Promise<PaymentMethodEntry[]> => {
  await assertAccountAccess(deps.db, caller, accountId);
  return (await listCardsWithLastCharge(deps.db, accountId)).map(presentPaymentMethod);
};

/** Makes the card the account's only default; an expired card cannot be. */
export const makeDefaultCard = async (deps: Pick<Deps, 'db' | 'clock'>, caller: Caller, paymentMethodId: bigint): Promise<void> => {
  const card = await cardOfCaller(deps, caller, paymentMethodId);
  const now = deps.clock.now();
  if (isCardExpired(card, now)) throw badRequest(PAYMENT_MESSAGES.expiredCannotBeDefault);
  await deps.db.transaction(async (tx) => {
    await lockAccount(tx, card.accountId);
    if (!(await findPaymentMethod(tx, card.id))) throw notFound('The payment method');
    await changeDefaultCard(tx, { accountId: card.accountId, paymentMethodId: card.id, actor: actorOfCaller(caller), at: now });
    await recordAudit(tx, {
      actorUserId: caller.userId,
      accountId: card.accountId,
      action: 'payment_method.default_set',
      entity: 'payment_method',
      entityId: card.id,
    });
  });
};

/** The card to make default when the default is deleted: the newest one that has not expired. */
export const successorDefault = (remaining: readonly PaymentMethodRow[], now: Date): PaymentMethodRow | null =>
  [...remaining]
    .filter((card) => !isCardExpired(card, now))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (b.id > a.id ? 1 : b.id < a.id ? -1 : 0))[0] ?? null;

/**
 * Deletes a card (never the last one). The card paying active automatic payments is kept
 * until autopay moves to another card or is turned off, so payments never stop silently; when
 * autopay is off its dormant schedule goes with the card. Deleting the default promotes the newest
 * card that has not expired. The provider forgets the card after our commit.
 */
export const deleteCard = async (deps: Pick<Deps, 'db' | 'clock' | 'provider' | 'log'>, caller: Caller, paymentMethodId: bigint): Promise<void> => {
  const card = await cardOfCaller(deps, caller, paymentMethodId);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const account = await lockAccount(tx, card.accountId);
    if (!account || !(await findPaymentMethod(tx, card.id))) throw notFound('The payment method');
    if ((await countPaymentMethods(tx, card.accountId)) <= 1) throw badRequest(MESSAGES.lastCard);
    const schedule = await scheduleUsingCard(tx, card.id);
    if (schedule && account.paymentMethod === AUTOPAY_ON) throw conflict(PAYMENT_MESSAGES.cardPaysAutopay);

    await deletePaymentMethod(tx, card.id);
    const actor = actorOfCaller(caller);
    await recordTypedEvent(tx, {
      type: 'payment_method.removed',
      accountId: card.accountId,
      actor,
      data: { paymentMethodId: idText(card.id), brand: card.brand, last4: card.last4 },
      at: now,
    });
    let promoted: PaymentMethodRow | null = null;
    if (card.isDefault) {
      promoted = successorDefault(await listPaymentMethods(tx, card.accountId), now);
      if (promoted) await changeDefaultCard(tx, { accountId: card.accountId, paymentMethodId: promoted.id, actor, at: now, replacing: card.id });
    }
    await recordAudit(tx, {
      actorUserId: caller.userId,
      accountId: card.accountId,
      action: 'payment_method.deleted',
      entity: 'payment_method',
      entityId: card.id,
      details: { brand: card.brand, last4: card.last4, promotedDefaultId: promoted?.id ?? null, autopayScheduleRemoved: schedule !== null },
    });
  });
  try {
    await deps.provider.detach(card.providerRef);
  } catch (error) {
    // Our side no longer uses the card; a provider that keeps it only holds an unused reference.
    deps.log.warn({ err: error, paymentMethodId: String(card.id) }, 'provider detach failed');
  }
};
