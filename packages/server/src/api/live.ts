import { apiMessages } from '@platter/contract';
import type { LiveConnection } from '../realtime/connection';
import type { RequestInfo } from './context';
import { ApiError } from './errors';

/** The socket a socket-only call came over (the dispatcher lets such calls through only with one). */
export function liveConnectionOf(request: RequestInfo): LiveConnection {
  if (!request.connection) throw new ApiError(apiMessages.overSocket, 'wrong_method');
  return request.connection;
}
