/**
 * AccountClosed's mail: the customer is told their account is closed, what was erased and what is
 * kept as tax records until when. Once per closure, however often the event comes.
 */
import { RETENTION_RULES, TAX_RECORD_YEARS } from '#domain/accounts/retention';
import { AccountClosed } from '#events/accounts';
import type { EventDetail } from '#events/declaration';
import { consumer } from '../lib/event-consumer';
import { mailSettings, sendMail, type Mail } from '../lib/mail';
import { brandedMail } from '../mail/compose';

export function accountClosedMail(closure: EventDetail<typeof AccountClosed>, siteUrl: string): Mail {
  const byStaff = closure.requestedBy === 'staff';
  return brandedMail({
    to: [closure.email],
    subject: 'Your account is closed',
    preview: 'We have deleted your sign-in and your personal data.',
    siteUrl,
    blocks: [
      { kind: 'paragraph', text: `Hello ${closure.firstName || 'there'},` },
      {
        kind: 'paragraph',
        text: byStaff
          ? 'As you asked us, we have closed your account: your sign-in is deleted and your personal data erased.'
          : 'Your account is closed: your sign-in is deleted and your personal data erased.',
      },
      {
        kind: 'items',
        items: RETENTION_RULES.map((rule) => ({ heading: rule.records, details: [rule.detail], amount: null })),
      },
      {
        kind: 'paragraph',
        text: `Tax law asks us to keep records of what you bought for ${TAX_RECORD_YEARS} years after the year of the sale. This is the last e-mail we send to this address.`,
      },
      { kind: 'link', label: 'Our privacy policy', url: new URL('/privacy-policy', siteUrl).href },
    ],
  });
}

export const accountClosed = consumer(
  AccountClosed,
  'MailAccountClosed',
  async (closure) => sendMail(accountClosedMail(closure, mailSettings().siteUrl)),
  { onceFor: (closure) => closure.clientId },
);
