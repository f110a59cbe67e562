import { BUSINESS } from '../../domain/business';
import { escapeHtml } from '../lib/mail';

/** The two mails Cognito has sent for the shop: confirm a new account, reset a forgotten password. */
export type AuthMessageKind = 'confirmation' | 'reset';

export interface AuthMessage {
  subject: string;
  text: string;
  html: string;
}

/** Cognito's own code expiry for a password reset. */
const RESET_CODE_VALIDITY = '1 hour';

/**
 * The link and the words of each mail. `code` is the code itself locally, or Cognito's `{####}`
 * placeholder in the CustomMessage trigger, which Cognito replaces after the trigger answered:
 * that is why the code is put into the link unencoded (it is digits either way).
 */
export function authMessage(kind: AuthMessageKind, { siteUrl, email, code }: { siteUrl: string; email: string; code: string }): AuthMessage {
  const origin = siteUrl.replace(/\/+$/, '');
  const query = `email=${encodeURIComponent(email)}&token=${code}`;
  const link =
    kind === 'reset' ? `${origin}/reset-password?type=recovery&${query}` : `${origin}/email-confirmation?type=signup&${query}`;
  const { subject, intro, action, outro } =
    kind === 'reset'
      ? {
          subject: `Reset your ${BUSINESS.name} password`,
          intro: `We received a request to reset the password of your ${BUSINESS.name} account.`,
          action: 'Set a new password',
          outro: `This link expires in ${RESET_CODE_VALIDITY}. If you did not ask for a new password, you can ignore this e-mail.`,
        }
      : {
          subject: `Confirm your ${BUSINESS.name} account`,
          intro: `Thank you for creating an account with ${BUSINESS.name}. Please confirm your e-mail address to sign in.`,
          action: 'Confirm my e-mail address',
          outro: 'If you did not create an account, you can ignore this e-mail.',
        };
  const text = `${intro}\n\n${action}: ${link}\n\nYour code is ${code}.\n\n${outro}\n\n${BUSINESS.name} · ${BUSINESS.phoneDisplay}\n`;
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p>Your code is <strong>${code}</strong>.</p>`,
    `<p>${escapeHtml(outro)}</p>`,
    `<p>${escapeHtml(BUSINESS.name)} · ${escapeHtml(BUSINESS.phoneDisplay)}</p>`,
  ].join('\n');
  return { subject, text, html };
}
