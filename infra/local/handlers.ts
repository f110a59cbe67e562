import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LOCAL_ACCOUNT_ID, LOCAL_REGION } from './local-aws';

/** A handler declared in functions/routes.ts or events/catalog.ts. */
export interface HandlerRef {
  file: string;
  export: string;
}

export type LambdaHandler = (event: unknown, context: LambdaContext) => unknown;

/** The part of Lambda's context object that handlers and Powertools read. */
export interface LambdaContext {
  functionName: string;
  functionVersion: string;
  invokedFunctionArn: string;
  memoryLimitInMB: string;
  awsRequestId: string;
  logGroupName: string;
  logStreamName: string;
  callbackWaitsForEmptyEventLoop: boolean;
  getRemainingTimeInMillis(): number;
}

/**
 * Imports handler modules on first use, like a cold start, so the stack starts without loading
 * every handler and process.env is already set when a module reads it at import time.
 */
export function createHandlerLoader(root: string) {
  const modules = new Map<string, Promise<Record<string, unknown>>>();
  return async function load(ref: HandlerRef): Promise<LambdaHandler> {
    let module = modules.get(ref.file);
    if (!module) {
      module = import(pathToFileURL(resolve(root, ref.file)).href) as Promise<Record<string, unknown>>;
      modules.set(ref.file, module);
      module.catch(() => modules.delete(ref.file));
    }
    const handler = (await module)[ref.export];
    if (typeof handler !== 'function') throw new Error(`${ref.file} does not export a function "${ref.export}"`);
    return handler as LambdaHandler;
  };
}

export type HandlerLoader = ReturnType<typeof createHandlerLoader>;

export function lambdaContext(functionName: string, timeoutMs: number): LambdaContext {
  const deadline = Date.now() + timeoutMs;
  return {
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  };
}
