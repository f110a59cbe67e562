import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LocalEventBus, PutEntry } from './event-bus';
import { readBody, sendJson } from './http-util';
import { LOCAL_ACCOUNT_ID, LOCAL_REGION } from './local-aws';

interface PutEventsRequestEntry {
  Source?: string;
  DetailType?: string;
  Detail?: string;
  EventBusName?: string;
  Resources?: string[];
  Time?: number;
}

type ResultEntry = { EventId: string } | { ErrorCode: string; ErrorMessage: string };

const JSON_11 = 'application/x-amz-json-1.1';
/** EventBridge's limits: entries per PutEvents call and bytes per entry. */
const MAX_ENTRIES = 10;
const MAX_ENTRY_BYTES = 256 * 1024;

/**
 * EventBridge's AWS JSON 1.1 protocol (PutEvents, DescribeEventBus) in front of the local bus, so
 * producers publish with the real @aws-sdk/client-eventbridge (AWS_ENDPOINT_URL_EVENTBRIDGE).
 */
export function createEventBridgeEndpoint(bus: LocalEventBus, busName: string) {
  const busArn = `arn:aws:events:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:event-bus/${busName}`;
  const isThisBus = (name: string | undefined) => name === undefined || name === busName || name === busArn;

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = req.headers['x-amz-target'];
    let input: Record<string, unknown>;
    try {
      input = JSON.parse((await readBody(req)).toString('utf8') || '{}') as Record<string, unknown>;
    } catch {
      return awsError(res, 400, 'SerializationException', 'Request body is not valid JSON');
    }

    if (req.method !== 'POST') return awsError(res, 400, 'UnknownOperationException', 'Expected POST');
    if (target === 'AWSEvents.DescribeEventBus') {
      const name = typeof input.Name === 'string' ? input.Name : undefined;
      if (!isThisBus(name)) return awsError(res, 400, 'ResourceNotFoundException', `Event bus ${name} does not exist.`);
      return sendJson(res, 200, { Name: busName, Arn: busArn }, { 'content-type': JSON_11 });
    }
    if (target !== 'AWSEvents.PutEvents') {
      return awsError(res, 400, 'UnknownOperationException', `Operation ${String(target)} is not supported locally`);
    }

    const entries = Array.isArray(input.Entries) ? (input.Entries as PutEventsRequestEntry[]) : [];
    if (entries.length < 1 || entries.length > MAX_ENTRIES) {
      return awsError(res, 400, 'ValidationException', `Entries must hold 1 to ${MAX_ENTRIES} items`);
    }
    const results: ResultEntry[] = entries.map((entry) => {
      const problem = entryProblem(entry, isThisBus);
      if (problem) return problem;
      if (bus.refuses(entry.Detail as string))
        return { ErrorCode: 'InternalFailure', ErrorMessage: 'Refused by the local tools (refuse-publishing).' };
      const accepted: PutEntry = {
        source: entry.Source as string,
        detailType: entry.DetailType as string,
        detail: JSON.parse(entry.Detail as string),
        resources: entry.Resources,
        time: entry.Time === undefined ? undefined : new Date(entry.Time * 1000),
      };
      const [id] = bus.put([accepted]);
      return { EventId: id as string };
    });
    const failed = results.filter((result) => 'ErrorCode' in result).length;
    sendJson(res, 200, { FailedEntryCount: failed, Entries: results }, { 'content-type': JSON_11 });
  };
}

function entryProblem(
  entry: PutEventsRequestEntry,
  isThisBus: (name: string | undefined) => boolean,
): ResultEntry | undefined {
  if (!isThisBus(entry.EventBusName)) {
    return { ErrorCode: 'ResourceNotFoundException', ErrorMessage: `Event bus ${entry.EventBusName} does not exist.` };
  }
  if (!entry.Source || !entry.DetailType || entry.Detail === undefined) {
    return { ErrorCode: 'InvalidArgument', ErrorMessage: 'Source, DetailType and Detail are required.' };
  }
  if (Buffer.byteLength(JSON.stringify(entry)) > MAX_ENTRY_BYTES) {
    return { ErrorCode: 'InvalidArgument', ErrorMessage: 'Entry is larger than 256 KB.' };
  }
  try {
    const detail: unknown = JSON.parse(entry.Detail);
    if (detail === null || typeof detail !== 'object' || Array.isArray(detail)) throw new Error('not an object');
  } catch {
    return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is malformed.' };
  }
  return undefined;
}

function awsError(res: ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { __type: type, message }, { 'content-type': JSON_11 });
}
