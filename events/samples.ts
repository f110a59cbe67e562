import * as z from 'zod';
import { SAMPLE_REQUEST_STATUSES, sampleRequestSchema } from '#domain/samples/sample';
import { declare } from './declaration';

const sampleList = z.array(z.object({ productName: z.string(), color: z.string(), material: z.string() })).min(1);

/**
 * A sample request was accepted: its $15 sample shipping was paid by card (committed with the
 * payment's move, decision 0033). Staff send the samples; the shopper gets an acknowledgement.
 */
export const SampleRequestSubmitted = declare({
  name: 'SampleRequestSubmitted',
  version: 1,
  detail: z.object({
    requestId: z.string(),
    reference: z.string(),
    submittedAt: z.iso.datetime(),
    shopper: sampleRequestSchema,
    samples: sampleList,
  }),
  consumers: [
    {
      id: 'NotifyOfSampleRequest',
      handler: { file: 'functions/samples/notify-sample-request.ts', export: 'handler' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});

/** Staff sent a sample request (carrier and tracking number) or marked it delivered. The shopper is mailed. */
export const SampleRequestStatusChanged = declare({
  name: 'SampleRequestStatusChanged',
  version: 1,
  detail: z.object({
    requestId: z.string(),
    reference: z.string(),
    shopper: z.object({ name: z.string(), email: z.string() }),
    samples: sampleList,
    from: z.enum(SAMPLE_REQUEST_STATUSES),
    to: z.enum(SAMPLE_REQUEST_STATUSES),
    shipment: z
      .object({ carrier: z.string(), trackingNumber: z.string(), trackingUrl: z.string().nullable() })
      .nullable(),
    changedAt: z.iso.datetime(),
  }),
  consumers: [
    {
      id: 'NotifyShopperOfSampleStatus',
      handler: { file: 'functions/samples/notify-sample-request.ts', export: 'statusChanged' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});
