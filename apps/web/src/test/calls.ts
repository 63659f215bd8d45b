import type { Endpoint } from '@portal/contract';
import { serviceUrl } from '@/config/services';
import type { FetchCall } from './utils';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a recorded call went to this row of the endpoint table: its method, and its path with any values. */
export const isCallTo = (endpoint: Pick<Endpoint, 'method' | 'path'>, call: FetchCall): boolean =>
  call.method === endpoint.method &&
  new RegExp(
    `^${serviceUrl(endpoint.path)
      .split(/\{\w+\}/)
      .map(escape)
      .join('[^/]+')}$`,
  ).test(call.url.pathname);
