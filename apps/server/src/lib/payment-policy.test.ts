import { describe, expect, it } from 'vitest';
import { DEFAULT_PAYMENT_POLICY } from '@portal/contract';
import { loadConfig } from '../config';
import { paymentPolicyOf } from './payment-policy';

const configOf = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', SECRETS_KEY: '7e'.repeat(32), ...env });

describe('the payment policy read from the environment', () => {
  it('has the defaults without any variable', () => {
    expect(paymentPolicyOf(configOf({}), 'Residential')).toEqual(DEFAULT_PAYMENT_POLICY);
  });

  it.each([
    ['PAYMENT_POLICY_INSTALMENTS', '4', { instalments: 4 }],
    ['PAYMENT_POLICY_FIRST_INSTALMENT_DAYS', '7', { firstInstalmentDays: 7 }],
    ['PAYMENT_POLICY_FIRST_INSTALMENT_PERCENT', '30', { firstInstalmentPercent: 30 }],
    ['PAYMENT_POLICY_REST_WITHIN_DAYS', '30', { restWithinDays: 30 }],
    ['PAYMENT_POLICY_MAX_BROKEN_ARRANGEMENTS', '0', { maxBrokenArrangements: 0 }],
    ['PAYMENT_POLICY_MAX_OVERDUE_DAYS', '90', { maxOverdueDays: 90 }],
    ['PAYMENT_POLICY_AUTOPAY_OPTIONAL', 'false', { autopayOptional: false }],
    ['PAYMENT_POLICY_MINIMUM_PAYMENT', '5', { minimumPayment: '5.00' }],
    ['PAYMENT_POLICY_ALLOW_OVERPAYMENT', 'true', { allowOverpayment: true }],
  ])('%s=%s', (name, value, changed) => {
    expect(paymentPolicyOf(configOf({ [name]: value }), 'Residential')).toEqual({ ...DEFAULT_PAYMENT_POLICY, ...changed });
  });

  it.each([
    ['PAYMENT_POLICY_INSTALMENTS', '0'],
    ['PAYMENT_POLICY_FIRST_INSTALMENT_PERCENT', '101'],
    ['PAYMENT_POLICY_AUTOPAY_OPTIONAL', 'yes'],
    ['PAYMENT_POLICY_MINIMUM_PAYMENT', '-5'],
    ['PAYMENT_POLICY_BY_ACCOUNT_TYPE', '{"Business": {"instalments": "many"}}'],
    ['PAYMENT_POLICY_BY_ACCOUNT_TYPE', 'not json'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => configOf({ [name]: value })).toThrow(name);
  });

  it('overrides per account type', () => {
    const config = configOf({ PAYMENT_POLICY_INSTALMENTS: '3', PAYMENT_POLICY_BY_ACCOUNT_TYPE: '{"Business": {"instalments": 6, "autopayOptional": false}}' });
    expect(paymentPolicyOf(config, 'Business')).toEqual({ ...DEFAULT_PAYMENT_POLICY, instalments: 6, autopayOptional: false });
    expect(paymentPolicyOf(config, 'Residential')).toEqual({ ...DEFAULT_PAYMENT_POLICY, instalments: 3 });
  });
});
