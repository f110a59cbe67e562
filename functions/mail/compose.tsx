import { renderToStaticMarkup } from 'react-dom/server';
import { businessConfig } from '../lib/config';
import type { Mail } from '../lib/mail';
import { blocksText, type MailBlock } from './blocks';
import { MailBlocks } from './MailBlocks';
import { footerFacts, MailLayout } from './MailLayout';

/** The doctype react-email's own render gives: the one mail clients are tested against. */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

export interface MailContent {
  /** What the inbox shows after the subject (hidden in the mail itself). */
  preview: string;
  blocks: MailBlock[];
  /** The shop's address for the links of the header and footer: the site the mail was sent for. */
  siteUrl: string;
}

/**
 * The branded HTML part and the plain-text part of one mail. Rendered to static markup directly
 * (react-email's own `render` imports prettier and html-to-text into every bundle, and this needs
 * neither): synchronous, since no mail component suspends.
 */
export function renderMail({ preview, blocks, siteUrl }: MailContent): { html: string; text: string } {
  const html = `${DOCTYPE}${renderToStaticMarkup(
    <MailLayout preview={preview} siteUrl={siteUrl}>
      <MailBlocks blocks={blocks} />
    </MailLayout>,
  )}`;
  const facts = footerFacts(siteUrl);
  const text = blocksText(blocks, [
    businessConfig().name,
    facts.address,
    `${businessConfig().phoneDisplay} · ${businessConfig().email}`,
    facts.links[0]!.url,
  ]);
  return { html, text };
}

/** A mail of the shop, ready for sendMail. */
export function brandedMail({
  subject,
  preview,
  blocks,
  siteUrl,
  ...envelope
}: MailContent & Omit<Mail, 'text' | 'html'>): Mail {
  return { subject, ...envelope, ...renderMail({ preview, blocks, siteUrl }) };
}
