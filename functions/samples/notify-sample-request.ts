import { BUSINESS } from '#domain/business';
import { SAMPLE_PROCESSING_TEXT, SAMPLE_SHIPPING_NOTE } from '#domain/samples/messages';
import { SampleRequestSubmitted, type EventDetail } from '#events/catalog';
import { consumer } from '../lib/event-consumer';
import { mailSettings, sendMail, type Mail, type MailSettings } from '../lib/mail';
import type { MailBlock } from '../mail/blocks';
import { brandedMail } from '../mail/compose';

/** Staff's notice of a sample request (what to send and where; replying reaches the shopper) and the shopper's acknowledgement. */
export function sampleRequestMails(
  { reference, shopper, samples }: EventDetail<typeof SampleRequestSubmitted>,
  { siteUrl, staffEmail }: MailSettings,
): { toStaff: Mail; toShopper: Mail } {
  const sampleList: MailBlock = {
    kind: 'items',
    items: samples.map((sample) => ({
      heading: `${sample.productName}, ${sample.color}`,
      details: [sample.material],
      amount: null,
    })),
  };
  const address = [shopper.address1, shopper.address2, `${shopper.city}, ${shopper.state} ${shopper.zipCode}`].filter(
    Boolean,
  );
  const count = `${samples.length} ${samples.length === 1 ? 'sample' : 'samples'}`;
  return {
    toStaff: brandedMail({
      to: [staffEmail],
      replyTo: [shopper.email],
      subject: `Sample request ${reference}: ${count} for ${shopper.name}`,
      preview: `${count} to send to ${shopper.city}, ${shopper.state}.`,
      siteUrl,
      blocks: [
        {
          kind: 'lines',
          lines: [
            `Sample request ${reference}`,
            `From: ${shopper.name} <${shopper.email}>`,
            `Phone: ${shopper.phone || 'Not provided'}`,
          ],
        },
        { kind: 'heading', text: 'Ship to' },
        { kind: 'lines', lines: [shopper.name, ...address] },
        { kind: 'heading', text: `Samples (${samples.length})` },
        sampleList,
        { kind: 'paragraph', text: SAMPLE_SHIPPING_NOTE },
      ],
    }),
    toShopper: brandedMail({
      to: [shopper.email],
      replyTo: [BUSINESS.email],
      subject: `We received your sample request ${reference}`,
      preview: SAMPLE_PROCESSING_TEXT,
      siteUrl,
      blocks: [
        { kind: 'paragraph', text: `Hi ${shopper.name},` },
        {
          kind: 'paragraph',
          text: `Thanks for requesting free samples from ${BUSINESS.name}. Your reference is ${reference}.`,
        },
        { kind: 'heading', text: 'Your samples' },
        sampleList,
        { kind: 'paragraph', text: `They go to: ${address.join(', ')}.` },
        { kind: 'paragraph', text: SAMPLE_PROCESSING_TEXT },
        { kind: 'paragraph', text: `${SAMPLE_SHIPPING_NOTE}.` },
        { kind: 'paragraph', text: `Questions? Call us at ${BUSINESS.phoneDisplay} or reply to ${BUSINESS.email}.` },
      ],
    }),
  };
}

/** On SampleRequestSubmitted: both mails, staff's first. Once per event. */
export const handler = consumer(SampleRequestSubmitted, 'NotifyOfSampleRequest', async (request) => {
  const { toStaff, toShopper } = sampleRequestMails(request, mailSettings());
  await sendMail(toStaff);
  await sendMail(toShopper);
});
