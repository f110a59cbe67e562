/**
 * The account mails as they leave (tests/support/shop-mails.ts has the checks): a sign-up's
 * confirmation, a password reset and an e-mail address change, and what Cognito sends of them.
 */
import { describe, expect, it } from 'vitest';
import { describeShopMails, SETTINGS, type MailCase } from '../../tests/support/shop-mails';
import { authMessage } from '../accounts/auth-messages';

const cases: MailCase[] = [
  {
    name: 'account confirmation',
    mail: {
      to: ['ana@example.com'],
      ...authMessage('confirmation', { siteUrl: SETTINGS.siteUrl, email: 'ana+1@example.com', code: '123456' }),
    },
    facts: ['Please confirm your e-mail address', 'Your code is', '123456'],
    links: ['https://shop.example/email-confirmation?type=signup&email=ana%2B1%40example.com&token=123456'],
  },
  {
    name: 'password reset',
    mail: {
      to: ['ana@example.com'],
      ...authMessage('reset', { siteUrl: SETTINGS.siteUrl, email: 'ana@example.com', code: '654321' }),
    },
    facts: ['expires in 1 hour', '654321'],
    links: ['https://shop.example/reset-password?type=recovery&email=ana%40example.com&token=654321'],
  },
  {
    name: 'e-mail address change',
    mail: {
      to: ['ana@example.com'],
      ...authMessage('email-change', { siteUrl: SETTINGS.siteUrl, email: 'new@example.com', code: '246810' }),
    },
    facts: ['Enter the code below in Account Settings', '246810'],
    links: ['https://shop.example/account/settings'],
  },
];

describeShopMails(cases);

describe('the account mails Cognito sends', () => {
  it("keep Cognito's code placeholder and fit its 20,000-character message", () => {
    for (const kind of ['confirmation', 'reset', 'email-change', 'invitation'] as const) {
      const { html } = authMessage(kind, { siteUrl: SETTINGS.siteUrl, email: 'ana@example.com', code: '{####}' });
      expect(html).toContain('<strong>{####}</strong>');
      expect(html.length).toBeLessThan(20_000);
    }
  });
});
