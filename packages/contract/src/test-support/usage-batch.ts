/**
 * Usage batch records for tests on both sides (the contract's checks, the server's loader), so one
 * record shape is written once. Imported only by test files: `@portal/contract/test-support/usage-batch`.
 */
import type { UsageBatchRecord } from '../usage-batch';

/** One valid voice record as an NDJSON line gives it, before `checkUsageBatchRecord`. */
export const usageBatchInput = {
  recordId: 'R-1',
  accountExternalId: 'ACC-1',
  startedAt: '2026-11-03T09:15:00-05:00',
  kind: 'voice',
  direction: 'outgoing',
  fromNumber: '+14165550100',
  toNumber: '+14165550199',
  durationSeconds: 125,
  dataKb: 0,
  description: 'Call to Toronto, ON',
  amount: '0.2500',
} as const;

/** The same record as the check answers it, with `overrides`. */
export const usageBatchRecord = (overrides: Partial<UsageBatchRecord> = {}): UsageBatchRecord => ({
  ...usageBatchInput,
  invoiceExternalId: null,
  usageClass: null,
  ...overrides,
});
