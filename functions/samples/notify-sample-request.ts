import { businessConfig } from '../lib/config';
import { SAMPLE_PROCESSING_TEXT } from '#domain/samples/messages';
import type { EventDetail } from '#events/declaration';
import { SampleRequestStatusChanged, SampleRequestSubmitted } from '#events/samples';
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
        { kind: 'paragraph', text: 'Sample shipping of $15 paid by card.' },
      ],
    }),
    toShopper: brandedMail({
      to: [shopper.email],
      replyTo: [businessConfig().email],
      subject: `We received your sample request ${reference}`,
      preview: SAMPLE_PROCESSING_TEXT,
      siteUrl,
      blocks: [
        { kind: 'paragraph', text: `Hi ${shopper.name},` },
        {
          kind: 'paragraph',
          text: `Thanks for requesting free samples from ${businessConfig().name}. Your reference is ${reference}.`,
        },
        { kind: 'heading', text: 'Your samples' },
        sampleList,
        { kind: 'paragraph', text: `They go to: ${address.join(', ')}.` },
        { kind: 'paragraph', text: SAMPLE_PROCESSING_TEXT },
        { kind: 'paragraph', text: 'We received your $15 sample shipping payment.' },
        {
          kind: 'paragraph',
          text: `Questions? Call us at ${businessConfig().phoneDisplay} or reply to ${businessConfig().email}.`,
        },
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

/** The shopper's mail of a move staff made: sent (with the carrier's tracking link) or delivered; null for any other move. */
export function sampleStatusMail(
  { reference, shopper, samples, to, shipment }: EventDetail<typeof SampleRequestStatusChanged>,
  { siteUrl }: Pick<MailSettings, 'siteUrl'>,
): Mail | null {
  const count = `${samples.length} ${samples.length === 1 ? 'sample' : 'samples'}`;
  const sampleList: MailBlock = {
    kind: 'items',
    items: samples.map((sample) => ({
      heading: `${sample.productName}, ${sample.color}`,
      details: [sample.material],
      amount: null,
    })),
  };
  const closing: MailBlock = {
    kind: 'paragraph',
    text: `Questions? Call us at ${businessConfig().phoneDisplay} or reply to ${businessConfig().email}.`,
  };
  if (to === 'sent' && shipment) {
    const tracking: MailBlock[] = shipment.trackingUrl
      ? [{ kind: 'link', label: 'Track your samples', url: shipment.trackingUrl, primary: true }]
      : [];
    return brandedMail({
      to: [shopper.email],
      replyTo: [businessConfig().email],
      subject: `Your samples are on their way (${reference})`,
      preview: `${count} sent with ${shipment.carrier}, tracking number ${shipment.trackingNumber}.`,
      siteUrl,
      blocks: [
        { kind: 'paragraph', text: `Hi ${shopper.name},` },
        {
          kind: 'paragraph',
          text: `We sent your ${count} of request ${reference} with ${shipment.carrier}. Tracking number: ${shipment.trackingNumber}.`,
        },
        ...tracking,
        sampleList,
        { kind: 'paragraph', text: 'Shipping takes 3-5 days.' },
        closing,
      ],
    });
  }
  if (to === 'delivered') {
    return brandedMail({
      to: [shopper.email],
      replyTo: [businessConfig().email],
      subject: `Your samples were delivered (${reference})`,
      preview: 'Hold them to your window in daylight and in the evening before you choose.',
      siteUrl,
      blocks: [
        { kind: 'paragraph', text: `Hi ${shopper.name},` },
        { kind: 'paragraph', text: `Your ${count} of request ${reference} were delivered.` },
        sampleList,
        {
          kind: 'paragraph',
          text: 'Hold them to your window in daylight and in the evening before you choose; when you are ready, every product page takes your measurements.',
        },
        { kind: 'link', label: 'Shop blinds', url: siteUrl, primary: true },
        closing,
      ],
    });
  }
  return null;
}

/** On SampleRequestStatusChanged: the shopper's mail, once per request and status. */
export const statusChanged = consumer(
  SampleRequestStatusChanged,
  'NotifyShopperOfSampleStatus',
  async (change) => {
    const mail = sampleStatusMail(change, mailSettings());
    if (mail) await sendMail(mail);
  },
  { onceFor: (change) => `${change.requestId}#${change.to}` },
);
