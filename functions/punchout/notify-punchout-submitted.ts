import { formatCents } from '../../domain/pricing/money';
import { PunchoutSubmitted } from '../../events/catalog';
import { config } from '../lib/config';
import { consumer } from '../lib/events';
import { escapeHtml, sendMail } from '../lib/mail';

/**
 * On PunchoutSubmitted: staff learn that a property's buyer returned a cart to their procurement
 * system (the order itself follows as an OrderRequest once the requisition is approved). Once per event.
 */
export const handler = consumer(PunchoutSubmitted, 'NotifyStaffOfPunchoutSubmitted', async (submitted) => {
  const buyerName = [submitted.buyer.firstName, submitted.buyer.lastName].filter(Boolean).join(' ') || 'A buyer';
  const lines = [
    `${buyerName} of ${submitted.propertyName} (account ${submitted.accountNumber}) returned a cart to ${submitted.buyerSystem}.`,
    `Buyer: ${buyerName}${submitted.buyer.email ? ` <${submitted.buyer.email}>` : ''}`,
    `Submission: ${submitted.submissionId} (${submitted.operationAllowed === 'inspect' ? 'for inspection' : 'editable'})`,
    '',
    ...submitted.lines.map((line) => `${line.position}. ${line.quantity} x ${formatCents(line.unitCents)}: ${line.description}`),
    '',
    `Total: ${formatCents(submitted.totalCents)}`,
    'The order arrives as an OrderRequest once the requisition is approved.',
  ];
  await sendMail({
    to: [config().STAFF_EMAIL],
    ...(submitted.buyer.email ? { replyTo: [submitted.buyer.email] } : {}),
    subject: `Punch-out cart returned: ${submitted.propertyName}, ${formatCents(submitted.totalCents)}`,
    text: lines.join('\n'),
    html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(lines.join('\n'))}</pre>`,
  });
});
