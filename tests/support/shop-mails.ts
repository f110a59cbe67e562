/**
 * What every mail the shop sends is, rendered as it leaves: the branded layout, the key facts and
 * links in both the HTML and the plain-text part, what a customer typed escaped, and product names
 * without doubled parentheses. The functions/mail/mails-*.test.ts files check their mails with it;
 * the order mails' own wording is tested beside them (functions/orders).
 */
import { describe, expect, it } from 'vitest';
import { businessConfig } from '../../functions/lib/config';
import type { Mail } from '../../functions/lib/mail';

/** The shop's address and staff mailbox the mails are rendered with. */
export const SETTINGS = { siteUrl: 'https://shop.example', staffEmail: 'staff@shop.example' };

/** What a customer might type into a name or message field. */
export const HOSTILE = 'Ana <img src=x onerror=alert(1)> & "Co"';

/** Text as React writes it into HTML. */
function inHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

export interface MailCase {
  name: string;
  mail: Mail;
  /** Said in both parts. */
  facts: string[];
  /** Linked in the HTML, written out in the text. */
  links: string[];
}

/** One describe for each of `cases`, named by the mail, with every check a mail of the shop passes. */
export function describeShopMails(cases: MailCase[]): void {
  describe.each(cases)('$name', ({ mail, facts, links }) => {
    it('is the branded, phone-width layout with the shop in the header and how to reach it in the footer', () => {
      expect(mail.html).toMatch(/^<!DOCTYPE html/);
      expect(mail.html).toContain('<html dir="ltr" lang="en">');
      expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
      expect(mail.html).toContain('max-width:600px');
      expect(mail.html).toContain('role="presentation"');
      expect(mail.html).toContain(`>${inHtml(businessConfig().name)}</a>`);
      const { name, address, phoneDisplay, phoneE164, email } = businessConfig();
      const addressLine = `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;
      expect(mail.html).toContain(addressLine);
      expect(mail.html).toContain(`href="tel:${phoneE164}"`);
      expect(mail.html).toContain('href="https://shop.example/contact-us"');
      const footer = `\n--\n${name}\n${addressLine}\n${phoneDisplay} · ${email}\nhttps://shop.example/\n`;
      expect(mail.text.slice(-footer.length)).toBe(footer);
    });

    it('says the key facts in both parts', () => {
      for (const fact of facts) {
        expect(mail.text).toContain(fact);
        expect(mail.html).toContain(inHtml(fact));
      }
    });

    it('links in the HTML what the text part writes out', () => {
      for (const url of links) {
        expect(mail.text).toContain(url);
        expect(mail.html).toContain(`href="${inHtml(url)}"`);
      }
    });

    it('escapes what a customer typed and runs no script', () => {
      expect(mail.html).not.toMatch(/<(img|b|script)\b/i);
      expect(mail.html).not.toContain('onerror=alert(1)>');
    });

    it('names products without parentheses inside parentheses', () => {
      for (const line of mail.text.split('\n')) expect(line).not.toMatch(/\([^)]*\(/);
    });
  });
}
