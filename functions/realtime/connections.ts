import type { APIGatewayProxyWebsocketEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ApiGatewayManagementApiClient, PostToConnectionCommand, GoneException } from '@aws-sdk/client-apigatewaymanagementapi';
import { documentClient } from '../lib/aws-clients';
import { config } from '../lib/config';
import { logger } from '../lib/logger';
import { connectionKeys } from '../lib/table/keys';
import { epochSeconds } from '../lib/table/expiry';

/** API Gateway closes a WebSocket connection after 2 hours whatever happens. */
const CONNECTION_LIFETIME_MS = 2 * 60 * 60 * 1000;

let management: ApiGatewayManagementApiClient | undefined;
function managementClient(): ApiGatewayManagementApiClient {
  const endpoint = config().WEBSOCKET_MANAGEMENT_URL;
  if (!endpoint) throw new Error('WEBSOCKET_MANAGEMENT_URL is not set');
  return (management ??= new ApiGatewayManagementApiClient({ region: config().AWS_REGION, endpoint }));
}

/** $connect: remember the connection so later features (live chat) can push to it. */
export async function connect(event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> {
  const { connectionId, connectedAt } = event.requestContext as typeof event.requestContext & { connectedAt?: number };
  await documentClient().send(
    new PutCommand({
      TableName: config().TABLE_NAME,
      Item: {
        ...connectionKeys(connectionId),
        type: 'Connection',
        connectionId,
        connectedAt: new Date(connectedAt ?? Date.now()).toISOString(),
        expiresAt: epochSeconds(new Date(Date.now() + CONNECTION_LIFETIME_MS)),
      },
    }),
  );
  return { statusCode: 200 };
}

export async function disconnect(event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> {
  await documentClient().send(
    new DeleteCommand({ TableName: config().TABLE_NAME, Key: connectionKeys(event.requestContext.connectionId) }),
  );
  return { statusCode: 200 };
}

/** $default: answers {"action":"ping"} with {"type":"pong"}, which browsers use as a keep-alive. */
export async function message(event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> {
  let action: unknown;
  try {
    action = (JSON.parse(event.body ?? '{}') as { action?: unknown }).action;
  } catch {
    action = undefined;
  }
  const reply = action === 'ping' ? { type: 'pong' } : { type: 'error', message: 'Unknown action' };
  try {
    await managementClient().send(
      new PostToConnectionCommand({ ConnectionId: event.requestContext.connectionId, Data: JSON.stringify(reply) }),
    );
  } catch (error) {
    if (!(error instanceof GoneException)) throw error;
    logger.info('Connection closed before the reply', { connectionId: event.requestContext.connectionId });
  }
  return { statusCode: 200 };
}
