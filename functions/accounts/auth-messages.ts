import { businessConfig } from '../lib/config';
import { renderMail } from '../mail/compose';

/**
 * The mails Cognito sends for the shop: confirm a new account, reset a forgotten password, verify
 * a new sign-in address (Account Settings), invite a member of staff (the Staff tab).
 */
export type AuthMessageKind = 'confirmation' | 'reset' | 'email-change' | 'invitation';

export interface AuthMessage {
  subject: string;
  text: string;
  html: string;
}

/** Cognito's own code expiry for a password reset. */
const RESET_CODE_VALIDITY = '1 hour';
/** How long an invitation's temporary password works: the user pool's setting (infra/stacks/auth-stack.ts). */
const TEMPORARY_PASSWORD_VALIDITY = '7 days';

interface Wording {
  subject: string;
  intro: string;
  link: string;
  action: string;
  codeLabel?: string;
  outro: string;
}

/**
 * The link and the words of each mail. `code` is the code itself locally, or Cognito's `{####}`
 * placeholder in the CustomMessage trigger, which Cognito replaces after the trigger answered:
 * that is why the code is put into the link unencoded (it is digits either way). The HTML is
 * Cognito's whole `emailMessage`: it must keep the placeholder and stay under Cognito's 20,000
 * characters. An invitation's code is the temporary password, and Cognito also requires its
 * `{username}` placeholder in the message: `username` (the e-mail address locally).
 */
export function authMessage(
  kind: AuthMessageKind,
  { siteUrl, email, code, username = email }: { siteUrl: string; email: string; code: string; username?: string },
): AuthMessage {
  const origin = siteUrl.replace(/\/+$/, '');
  const query = `email=${encodeURIComponent(email)}&token=${code}`;
  const { subject, intro, link, action, codeLabel = 'Your code is', outro } = wordingOf(kind, origin, query, username);
  const { text, html } = renderMail({
    preview: intro,
    siteUrl: origin,
    blocks: [
      { kind: 'paragraph', text: intro },
      { kind: 'link', label: action, url: link, primary: true },
      { kind: 'code', label: codeLabel, code },
      { kind: 'paragraph', text: outro },
    ],
  });
  return { subject, text, html };
}

function wordingOf(kind: AuthMessageKind, origin: string, query: string, username: string): Wording {
  switch (kind) {
    case 'confirmation':
      return {
        subject: `Confirm your ${businessConfig().name} account`,
        intro: `Thank you for creating an account with ${businessConfig().name}. Please confirm your e-mail address to sign in.`,
        link: `${origin}/email-confirmation?type=signup&${query}`,
        action: 'Confirm my e-mail address',
        outro: 'If you did not create an account, you can ignore this e-mail.',
      };
    case 'reset':
      return {
        subject: `Reset your ${businessConfig().name} password`,
        intro: `We received a request to reset the password of your ${businessConfig().name} account.`,
        link: `${origin}/reset-password?type=recovery&${query}`,
        action: 'Set a new password',
        outro: `This link expires in ${RESET_CODE_VALIDITY}. If you did not ask for a new password, you can ignore this e-mail.`,
      };
    case 'email-change':
      // The code is entered in Account Settings, where the change was asked for: the link only leads there.
      return {
        subject: `Confirm your new ${businessConfig().name} e-mail address`,
        intro: `You asked to use this address for your ${businessConfig().name} account. Enter the code below in Account Settings to confirm it.`,
        link: `${origin}/account/settings`,
        action: 'Open Account Settings',
        outro:
          'If you did not ask for this change, you can ignore this e-mail: your account keeps its current address.',
      };
    case 'invitation':
      // The password is never put in the link: the member types it at sign-in, then chooses their own.
      return {
        subject: `You are invited to the ${businessConfig().name} staff area`,
        intro: `You have been invited to join the ${businessConfig().name} staff area. Sign in with your user name and the temporary password below, then choose a password of your own.`,
        link: `${origin}/login?redirect=%2Fadmin`,
        action: 'Sign in to the staff area',
        codeLabel: 'Your temporary password is',
        outro: `Your user name is ${username}. The temporary password works for ${TEMPORARY_PASSWORD_VALIDITY}. If you did not expect this invitation, you can ignore this e-mail.`,
      };
  }
}
