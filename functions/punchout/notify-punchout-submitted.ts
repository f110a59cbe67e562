import { formatCents } from '#domain/pricing/money';
import { submittedLineSummary } from '#domain/punchout/session';
import type { EventDetail } from '#events/declaration';
import { PunchoutSubmitted } from '#events/punchout';
import { consumer } from '../lib/event-consumer';
import { mailSettings, sendMail, type Mail, type MailSettings } from '../lib/mail';
import { brandedMail } from '../mail/compose';
import { readSubmission } from './sessions-store';

/** Staff's notice that a property's buyer returned a cart to their procurement system, line by line. */
export function punchoutSubmittedMail(
  submitted: EventDetail<typeof PunchoutSubmitted>,
  { siteUrl, staffEmail }: MailSettings,
): Mail {
  const buyerName = [submitted.buyer.firstName, submitted.buyer.lastName].filter(Boolean).join(' ') || 'A buyer';
  return brandedMail({
    to: [staffEmail],
    ...(submitted.buyer.email ? { replyTo: [submitted.buyer.email] } : {}),
    subject: `Punch-out cart returned: ${submitted.propertyName}, ${formatCents(submitted.totalCents)}`,
    preview: `${buyerName} returned a cart to ${submitted.buyerSystem}.`,
    siteUrl,
    blocks: [
      {
        kind: 'paragraph',
        text: `${buyerName} of ${submitted.propertyName} (account ${submitted.accountNumber}) returned a cart to ${submitted.buyerSystem}.`,
      },
      {
        kind: 'lines',
        lines: [
          `Buyer: ${buyerName}${submitted.buyer.email ? ` <${submitted.buyer.email}>` : ''}`,
          `Submission: ${submitted.submissionId} (${submitted.operationAllowed === 'inspect' ? 'for inspection' : 'editable'})`,
        ],
      },
      {
        kind: 'items',
        items: submitted.lines.map((line) => ({
          heading: `${line.position}. ${line.quantity} x ${formatCents(line.unitCents)}`,
          details: [line.description],
          amount: formatCents(line.quantity * line.unitCents),
        })),
      },
      { kind: 'amounts', rows: [{ label: 'Total', amount: formatCents(submitted.totalCents), isTotal: true }] },
      { kind: 'paragraph', text: 'The order arrives as an OrderRequest once the requisition is approved.' },
    ],
  });
}

/**
 * On PunchoutSubmitted: staff learn that a property's buyer returned a cart to their procurement
 * system (the order itself follows as an OrderRequest once the requisition is approved). Once per event.
 */
export const handler = consumer(PunchoutSubmitted, 'NotifyStaffOfPunchoutSubmitted', async (submitted) => {
  await sendMail(punchoutSubmittedMail(await withSubmittedLines(submitted), mailSettings()));
});

/** The event's lines, or the submission's when the cart was too large for the event to carry them. */
async function withSubmittedLines(
  submitted: EventDetail<typeof PunchoutSubmitted>,
): Promise<EventDetail<typeof PunchoutSubmitted>> {
  if (submitted.linesIncluded) return submitted;
  const submission = await readSubmission(submitted.submissionId);
  // The event is committed with the submission's return: a missing submission is a fault to retry.
  if (!submission) throw new Error(`The submission ${submitted.submissionId} of PunchoutSubmitted was not found`);
  return { ...submitted, lines: submission.lines.map(submittedLineSummary), linesIncluded: true };
}
