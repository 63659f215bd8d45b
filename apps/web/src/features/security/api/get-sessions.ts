import { endpoints } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/** Sessions (GET): the person's live sessions, the current one marked. */
export const getSessions = (signal?: AbortSignal) => api.call(endpoints.sessions, { signal });

export const sessionsQuery = () =>
  queryOptions({ queryKey: ['sessions'], queryFn: ({ signal }) => getSessions(signal).then((answer) => answer.value) });
