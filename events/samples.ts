import * as z from 'zod';
import { sampleRequestSchema } from '#domain/samples/sample';
import { declare } from './declaration';

/** A shopper requested the samples of their sample cart; staff send them, the shopper gets an acknowledgement. */
export const SampleRequestSubmitted = declare({
  name: 'SampleRequestSubmitted',
  version: 1,
  detail: z.object({
    requestId: z.string(),
    reference: z.string(),
    submittedAt: z.iso.datetime(),
    shopper: sampleRequestSchema,
    samples: z.array(z.object({ productName: z.string(), color: z.string(), material: z.string() })).min(1),
  }),
  consumers: [
    {
      id: 'NotifyOfSampleRequest',
      handler: { file: 'functions/samples/notify-sample-request.ts', export: 'handler' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});
