import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BusEvent, LocalEventBus } from './event-bus';
import { readBody, sendJson } from './http-util';

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

/**
 * Lambda's Invoke (REST, `POST /2015-03-31/functions/{name}/invocations`) for the event consumers,
 * asynchronous only (`X-Amz-Invocation-Type: Event`, 202): what a dead letter's retry calls with the
 * real @aws-sdk/client-lambda (AWS_ENDPOINT_URL_LAMBDA). The function name is the consumer's id
 * (on one machine a dead letter's target is that id); the bus delivers the event to it alone.
 */
export function createLambdaEndpoint(bus: LocalEventBus) {
  return async function handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const name = INVOKE_PATH.exec(pathname)?.[1];
    const body = (await readBody(req)).toString('utf8');
    if (req.method !== 'POST' || !name)
      return awsError(res, 404, 'UnknownOperationException', 'Only Invoke is supported locally');
    if (req.headers['x-amz-invocation-type'] !== 'Event') {
      return awsError(
        res,
        400,
        'InvalidParameterValueException',
        'Only asynchronous invocation (Event) is supported locally',
      );
    }
    let event: BusEvent;
    try {
      event = JSON.parse(body) as BusEvent;
    } catch {
      return awsError(res, 400, 'InvalidRequestContentException', 'The payload is not valid JSON');
    }
    if (!bus.redeliver(decodeURIComponent(name), event)) {
      return awsError(res, 404, 'ResourceNotFoundException', `Function not found: ${decodeURIComponent(name)}`);
    }
    res.writeHead(202, { 'content-length': '0' }).end();
  };
}

function awsError(res: ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { Type: 'User', message }, { 'x-amzn-errortype': type });
}
