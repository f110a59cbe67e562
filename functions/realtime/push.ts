import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { ServerEvent } from '#domain/chat/socket';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { traced } from '../lib/tracing';
import { removeConnection } from './connection-store';

let management: ApiGatewayManagementApiClient | undefined;
function managementClient(): ApiGatewayManagementApiClient {
  const endpoint = config().WEBSOCKET_MANAGEMENT_URL;
  if (!endpoint) throw new Error('WEBSOCKET_MANAGEMENT_URL is not set');
  return (management ??= traced(new ApiGatewayManagementApiClient({ region: config().AWS_REGION, endpoint })));
}

function isGone(error: unknown): boolean {
  return error instanceof GoneException || (error as { name?: string })?.name === 'GoneException';
}

/**
 * Sends `event` to each connection, all at once. A connection that is gone (410) has its record
 * deleted; any other failure is logged and the others still get the event: what was pushed is
 * already stored, and a client that missed it catches up by `seq`.
 */
export async function push(connectionIds: Iterable<string>, event: ServerEvent): Promise<void> {
  const data = JSON.stringify(event);
  await Promise.all(
    [...new Set(connectionIds)].map(async (connectionId) => {
      try {
        await managementClient().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: data }));
      } catch (error) {
        if (isGone(error)) {
          await removeConnection(connectionId);
          logger.info('Removed a connection that was gone', { connectionId });
        } else {
          logger.warn('A push failed', { connectionId, type: event.type, error: error as Error });
        }
      }
    }),
  );
}

/** Closes a connection from the server's side (its record has expired): the client reconnects and catches up. */
export async function disconnect(connectionId: string): Promise<void> {
  try {
    await managementClient().send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
  } catch (error) {
    if (!isGone(error)) throw error;
  }
}
