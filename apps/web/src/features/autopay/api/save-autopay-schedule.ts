import { endpoints, type AutopaySchedule } from '@portal/contract';
import { api } from '@/lib/api/client';

/**
 * Account/autopay ("Setup Automatic Payments", docs/decisions/0006-where-the-spec-is-wrong.md): saves the schedule, makes its card the default
 * and turns automatic payments on, in one call.
 */
export const saveAutopaySchedule = (schedule: AutopaySchedule) =>
  api.call(endpoints.saveAutopaySchedule, { params: { accountId: schedule.accountId }, body: schedule });
