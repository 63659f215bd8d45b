/** The provider's payment policy of an account, from the configuration (docs/decisions/0034-payment-arrangements-and-policy.md). */
import { minorToDecimal, policyForAccountType, toMinor, type PaymentPolicy } from '@portal/contract';
import type { Config } from '../config';

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
