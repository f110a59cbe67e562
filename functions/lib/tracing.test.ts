import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import AWSXRay from 'aws-xray-sdk-core';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The name aws-xray-sdk-core gives the middleware it adds to a v3 client. */
const XRAY_MIDDLEWARE = 'XRaySDKInstrumentation';

const middlewareOf = (client: DynamoDBClient) => client.middlewareStack.identify().join('\n');

/** functions/lib/tracing.ts as a fresh Lambda instance loads it, with the environment stubbed. */
async function loadTracing(environment: Record<string, string>) {
  for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
  vi.resetModules();
  return import('./tracing');
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('tracing', () => {
  it('leaves clients as they are where the layer is not attached (the local stack, tests)', async () => {
    const { traced } = await loadTracing({ POWERTOOLS_TRACE_ENABLED: '' });
    const client = new DynamoDBClient({ region: 'us-east-1' });
    expect(traced(client)).toBe(client);
    expect(middlewareOf(client)).not.toContain(XRAY_MIDDLEWARE);
  });

  it('on Lambda with the layer, traces every call of a client and annotates each request with its correlation id', async () => {
    const { traced, inTraceSubsegment } = await loadTracing({
      POWERTOOLS_TRACE_ENABLED: 'true',
      AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
      AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
      _HANDLER: 'index.placeOrder',
    });
    const client = traced(new DynamoDBClient({ region: 'us-east-1' }));
    expect(middlewareOf(client)).toContain(XRAY_MIDDLEWARE);

    const invoke = (correlationId: string) => {
      const invocation = new AWSXRay.Segment('PlaceOrder');
      return AWSXRay.getNamespace().runAndReturn(async () => {
        AWSXRay.setSegment(invocation);
        const answer = await inTraceSubsegment(correlationId, async () => 'placed');
        return { answer, subsegments: (invocation.subsegments ?? []).map((subsegment) => subsegment.toJSON()) };
      });
    };

    const first = await invoke('request-7');
    expect(first.answer).toBe('placed');
    expect(first.subsegments.map(({ name }) => name as string)).toEqual(['## index.placeOrder']);
    expect(first.subsegments[0]?.annotations).toEqual({
      correlation_id: 'request-7',
      ColdStart: true,
      Service: 'shop',
    });
    const second = await invoke('request-8');
    expect(second.subsegments[0]?.annotations).toEqual({
      correlation_id: 'request-8',
      ColdStart: false,
      Service: 'shop',
    });
  });
});
