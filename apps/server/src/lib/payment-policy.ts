/** The provider's payment policy of an account, from the configuration (docs/decisions/0034-payment-arrangements-and-policy.md). */
import { eq } from 'drizzle-orm';
import { minorToDecimal, policyForAccountType, toMinor, type PaymentPolicy } from '@portal/contract';
import type { Config } from '../config';
import type { PortalDb } from '../db/client';
import { accounts } from '../db/schema';

type PolicyConfig = Pick<
  Config,
  | 'PAYMENT_POLICY_INSTALMENTS'
  | 'PAYMENT_POLICY_FIRST_INSTALMENT_DAYS'
  | 'PAYMENT_POLICY_FIRST_INSTALMENT_PERCENT'
  | 'PAYMENT_POLICY_REST_WITHIN_DAYS'
  | 'PAYMENT_POLICY_MAX_BROKEN_ARRANGEMENTS'
  | 'PAYMENT_POLICY_MAX_OVERDUE_DAYS'
  | 'PAYMENT_POLICY_AUTOPAY_OPTIONAL'
  | 'PAYMENT_POLICY_MINIMUM_PAYMENT'
  | 'PAYMENT_POLICY_ALLOW_OVERPAYMENT'
  | 'PAYMENT_POLICY_BY_ACCOUNT_TYPE'
>;

/** The configured policy before any account type's overrides. */
export const basePaymentPolicy = (config: PolicyConfig): PaymentPolicy => ({
  instalments: config.PAYMENT_POLICY_INSTALMENTS,
  firstInstalmentDays: config.PAYMENT_POLICY_FIRST_INSTALMENT_DAYS,
  firstInstalmentPercent: config.PAYMENT_POLICY_FIRST_INSTALMENT_PERCENT,
  restWithinDays: config.PAYMENT_POLICY_REST_WITHIN_DAYS,
  maxBrokenArrangements: config.PAYMENT_POLICY_MAX_BROKEN_ARRANGEMENTS,
  maxOverdueDays: config.PAYMENT_POLICY_MAX_OVERDUE_DAYS,
  autopayOptional: config.PAYMENT_POLICY_AUTOPAY_OPTIONAL,
  minimumPayment: minorToDecimal(toMinor(config.PAYMENT_POLICY_MINIMUM_PAYMENT)),
  allowOverpayment: config.PAYMENT_POLICY_ALLOW_OVERPAYMENT,
});

/** The policy for an account of `accountType` (the account's `type`: Residential, Business, …). */
export const paymentPolicyOf = (config: PolicyConfig, accountType: string): PaymentPolicy =>
  policyForAccountType(basePaymentPolicy(config), config.PAYMENT_POLICY_BY_ACCOUNT_TYPE, accountType);

/** The policy of the account `accountId` (of its type; the base policy for an unknown account). */
export const paymentPolicyOfAccount = async (db: PortalDb, config: PolicyConfig, accountId: bigint): Promise<PaymentPolicy> => {
  const [row] = await db.select({ type: accounts.type }).from(accounts).where(eq(accounts.id, accountId));
  return paymentPolicyOf(config, row?.type ?? '');
};

/** Whether a payment of `amountMinor` is below the policy's minimum (paying everything that is open is always allowed). */
export const isBelowMinimumPayment = (policy: PaymentPolicy, amountMinor: bigint, openMinor: bigint): boolean =>
  amountMinor < toMinor(policy.minimumPayment) && amountMinor < openMinor;
