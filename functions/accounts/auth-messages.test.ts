import { describe, expect, it } from 'vitest';
import { authMessage } from './auth-messages';

describe('authMessage', () => {
  it('links the confirmation mail to /email-confirmation with the e-mail and the code', () => {
    const mail = authMessage('confirmation', {
      siteUrl: 'https://shop.example/',
      email: 'ana+1@example.com',
      code: '123456',
    });
    const link = 'https://shop.example/email-confirmation?type=signup&email=ana%2B1%40example.com&token=123456';
    expect(mail.subject).toBe('Confirm your Hill & Brook Blinds account');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
  });

  it('links the reset mail to /reset-password and says when it expires', () => {
    const mail = authMessage('reset', { siteUrl: 'https://shop.example', email: 'ana@example.com', code: '654321' });
    expect(mail.text).toContain(
      'https://shop.example/reset-password?type=recovery&email=ana%40example.com&token=654321',
    );
    expect(mail.text).toContain('expires in 1 hour');
    expect(mail.html).toContain('Hill &amp; Brook Blinds');
  });

  it("keeps Cognito's code placeholder intact inside the link", () => {
    const mail = authMessage('reset', { siteUrl: 'https://shop.example', email: 'ana@example.com', code: '{####}' });
    expect(mail.html).toContain('token={####}"');
  });

  it('asks to confirm a new address with the code, pointing to Account Settings, without sign-up words', () => {
    const mail = authMessage('email-change', {
      siteUrl: 'https://shop.example',
      email: 'new@example.com',
      code: '246810',
    });
    expect(mail.subject).toBe('Confirm your new Hill & Brook Blinds e-mail address');
    expect(mail.text).toContain('Your code is 246810.');
    expect(mail.html).toContain('<strong>246810</strong>');
    expect(mail.text).toContain('https://shop.example/account/settings');
    expect(mail.text).not.toMatch(/creat|sign up|email-confirmation/i);
  });
});
