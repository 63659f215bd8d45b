import { endpoints } from '@portal/contract';
import { api } from '@/lib/api/client';

/** Sessions/revoke-others (POST): ends every session but this one. */
export const endOtherSessions = () => api.call(endpoints.endOtherSessions);
