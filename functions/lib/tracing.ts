/**
 * X-Ray beneath the invocation segment Lambda records (decision 0087): a subsegment for each call
 * an AWS client or an outgoing HTTP request makes, and one per request or event handled, annotated
 * with its correlation id and whether the instance was cold, so X-Ray finds an order's traces by
 * the id its logs carry.
 *
 * The tracer comes from Powertools' Lambda layer, which the CDK attaches to every function with
 * POWERTOOLS_TRACE_ENABLED=true: bundled, it would add ~125 KB to each function. Anywhere else
 * (the local stack, LocalStack, tests) there is no X-Ray daemon, the variable is unset and nothing
 * is loaded.
 */
import { createRequire } from 'node:module';
import type * as PowertoolsTracer from '@aws-lambda-powertools/tracer';

export const TRACER_MODULE = '@aws-lambda-powertools/tracer';

const tracer = process.env.POWERTOOLS_TRACE_ENABLED === 'true' ? loadTracer() : undefined;

function loadTracer(): PowertoolsTracer.Tracer {
  // A require, not an import: resolved at run time from the layer's /opt/nodejs/node_modules (NODE_PATH).
  const { Tracer } = createRequire(import.meta.url)(TRACER_MODULE) as typeof PowertoolsTracer;
  return new Tracer({ serviceName: 'shop' });
}

/** The client, its calls traced where tracing is on. */
export function traced<Client>(client: Client): Client {
  return tracer ? tracer.captureAWSv3Client(client) : client;
}

/** Runs one request's or event's work in a subsegment of its own, annotated with its correlation id. */
export async function inTraceSubsegment<T>(correlationId: string, run: () => Promise<T>): Promise<T> {
  const invocation = tracer?.getSegment();
  if (!tracer || !invocation) return run();
  const subsegment = invocation.addNewSubsegment(`## ${process.env._HANDLER ?? 'handler'}`);
  tracer.setSegment(subsegment);
  tracer.annotateColdStart();
  tracer.addServiceNameAnnotation();
  tracer.putAnnotation('correlation_id', correlationId);
  try {
    return await run();
  } catch (error) {
    tracer.addErrorAsMetadata(error as Error);
    throw error;
  } finally {
    subsegment.close();
    tracer.setSegment(invocation);
  }
}
