import { endpoints } from '@portal/contract';
import { api } from '@/lib/api/client';

/** Sessions/{id} (DELETE): ends one of the person's other sessions. */
export const endSessionById = (id: string) => api.call(endpoints.endSession, { params: { id } });
