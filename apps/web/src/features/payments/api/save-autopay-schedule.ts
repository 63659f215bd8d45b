import { AutopayScheduleResponseSchema, type AutopaySchedule } from '@portal/contract';
import { billingApi } from '@/lib/api/client';

/**
 * PUT /b/v1/Account/{accountId}/autopay ("Setup Automatic Payments", decisions §5): saves the schedule, makes
 * its card the default and turns automatic payments on, in one call.
 */
export const saveAutopaySchedule = (schedule: AutopaySchedule) =>
  billingApi.request({
    method: 'PUT',
    path: '/v1/Account/{accountId}/autopay',
    params: { accountId: schedule.accountId },
    body: schedule,
    schema: AutopayScheduleResponseSchema,
  });
