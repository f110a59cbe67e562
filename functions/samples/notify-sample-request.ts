import { BUSINESS } from '../../domain/business';
import { SAMPLE_PROCESSING_TEXT, SAMPLE_SHIPPING_NOTE } from '../../domain/samples/sample';
import { SampleRequestSubmitted } from '../../events/catalog';
import { config } from '../lib/config';
import { consumer } from '../lib/events';
import { escapeHtml, sendMail } from '../lib/mail';

function htmlOf(lines: string[]): string {
  return lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join('');
}

/**
 * On SampleRequestSubmitted: staff get what to send and where (replying reaches the shopper), and
 * the shopper an acknowledgement with their samples and the timing. Once per event.
 */
export const handler = consumer(SampleRequestSubmitted, 'NotifyOfSampleRequest', async ({ reference, shopper, samples }) => {
  const sampleLines = samples.map((sample) => `- ${sample.productName}, ${sample.color} (${sample.material})`);
  const address = [shopper.address1, shopper.address2, `${shopper.city}, ${shopper.state} ${shopper.zipCode}`].filter(Boolean);
  const toStaff = [
    `Sample request ${reference}`,
    `From: ${shopper.name} <${shopper.email}>`,
    `Phone: ${shopper.phone || 'Not provided'}`,
    '',
    'Ship to:',
    shopper.name,
    ...address,
    '',
    `Samples (${samples.length}):`,
    ...sampleLines,
    '',
    SAMPLE_SHIPPING_NOTE,
  ];
  await sendMail({
    to: [config().STAFF_EMAIL],
    replyTo: [shopper.email],
    subject: `Sample request ${reference}: ${samples.length} ${samples.length === 1 ? 'sample' : 'samples'} for ${shopper.name}`,
    text: toStaff.join('\n'),
    html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(toStaff.join('\n'))}</pre>`,
  });
  const acknowledgement = [
    `Hi ${shopper.name},`,
    `Thanks for requesting free samples from ${BUSINESS.name}. Your reference is ${reference}.`,
    'Your samples:',
    ...sampleLines,
    `They go to: ${address.join(', ')}.`,
    SAMPLE_PROCESSING_TEXT,
    `${SAMPLE_SHIPPING_NOTE}.`,
    `Questions? Call us at ${BUSINESS.phoneDisplay} or reply to ${BUSINESS.email}.`,
  ];
  await sendMail({
    to: [shopper.email],
    replyTo: [BUSINESS.email],
    subject: `We received your sample request ${reference}`,
    text: acknowledgement.join('\n'),
    html: htmlOf(acknowledgement),
  });
});
