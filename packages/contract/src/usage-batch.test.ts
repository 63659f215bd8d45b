import { describe, expect, it } from 'vitest';
import { checkUsageBatchRecord } from './usage-batch';
import { usageBatchInput } from './test-support/usage-batch';

const valid = usageBatchInput;

describe('checkUsageBatchRecord', () => {
  it('accepts a record as NDJSON gives it and as CSV gives it', () => {
    expect(checkUsageBatchRecord(valid).record).toEqual({ ...valid, invoiceExternalId: null, usageClass: null });
    const csv = { ...valid, durationSeconds: '125', dataKb: '', invoiceExternalId: 'INV-9', ratingClass: 'RoamingVoice' };
    expect(checkUsageBatchRecord(csv).record).toMatchObject({ durationSeconds: 125, dataKb: 0, invoiceExternalId: 'INV-9', usageClass: 5 });
  });

  it('lets a data session have no number called', () => {
    expect(checkUsageBatchRecord({ ...valid, kind: 'data', toNumber: '', dataKb: 512 }).record?.toNumber).toBeNull();
  });

  it.each([
    [{ recordId: '' }, 'recordId is required'],
    [{ recordId: 'a b' }, 'recordId may not contain spaces or slashes'],
    [{ recordId: 'x'.repeat(65) }, 'recordId must be at most 64 characters'],
    [{ accountExternalId: undefined }, 'accountExternalId is required'],
    [{ startedAt: '2026-11-03' }, 'startedAt must be an ISO 8601 date and time with its offset'],
    [{ startedAt: '2026-11-03T09:15:00' }, 'startedAt must be an ISO 8601 date and time with its offset'],
    [{ startedAt: '2026-13-40T09:15:00Z' }, 'startedAt must be an ISO 8601 date and time with its offset'],
    [{ startedAt: '2026-02-30T09:15:00Z' }, 'startedAt must be an ISO 8601 date and time with its offset'],
    [{ startedAt: '2026-04-31T09:15:00-05:00' }, 'startedAt must be an ISO 8601 date and time with its offset'],
    [{ startedAt: '2026-11-03T24:00:00Z' }, 'startedAt must be an ISO 8601 date and time with its offset'],
    [{ kind: 'fax' }, "kind must be 'voice', 'sms' or 'data'"],
    [{ direction: 'sideways' }, "direction must be 'outgoing' or 'incoming'"],
    [{ fromNumber: '4165550100' }, 'fromNumber must be an E.164 number (+ and up to 15 digits)'],
    [{ toNumber: null }, 'toNumber is required for calls and texts'],
    [{ durationSeconds: -1 }, 'durationSeconds must be a whole number of 0 or more'],
    [{ durationSeconds: 1.5 }, 'durationSeconds must be a whole number of 0 or more'],
    [{ dataKb: '12kb' }, 'dataKb must be a whole number of 0 or more'],
    [{ description: ' ' }, 'description is required'],
    [{ description: 'two\nlines' }, 'description may not contain tabs or line breaks'],
    [{ description: 'bell\u0007' }, 'description: Text may not contain control characters.'],
    [{ amount: 0.25 }, 'amount must be a decimal string of 0 or more with at most 4 decimals (e.g. "0.2500")'],
    [{ amount: '0.12345' }, 'amount must be a decimal string of 0 or more with at most 4 decimals (e.g. "0.2500")'],
    [{ amount: '-1.00' }, 'amount must be a decimal string of 0 or more with at most 4 decimals (e.g. "0.2500")'],
    [{ invoiceExternalId: 'INV 1' }, 'invoiceExternalId may not contain spaces or slashes'],
    [{ ratingClass: 'premium' }, 'ratingClass must be one of VoiceOverage, CrossBorder, International, InternationalSms, DataOverage, RoamingVoice, RoamingSms, RoamingData'],
  ])('refuses %o: %s', (change, error) => {
    expect(checkUsageBatchRecord({ ...valid, ...change })).toEqual({ error });
  });
});
