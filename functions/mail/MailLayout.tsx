import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { CSSProperties, ReactNode } from 'react';
import { businessConfig } from '../lib/config';
import { DELIVERY_CLAIM } from '#domain/claims';
import { MAIL_COLORS, MAIL_FONTS } from './brand';

/** The shop's address, phone, mail and pages, as the footer of both parts gives them. */
export function footerFacts(siteUrl: string) {
  const { address } = businessConfig();
  const site = siteUrl.replace(/\/+$/, '');
  return {
    address: `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`,
    links: [
      { label: 'Shop', url: `${site}/` },
      { label: 'Track an order', url: `${site}/track-order` },
      { label: 'Returns', url: `${site}/returns` },
      { label: 'Contact us', url: `${site}/contact-us` },
    ],
  };
}

/**
 * Narrow screens get less padding; everything else is one column that fills the screen up to 600 px,
 * so a phone needs no zoom. Clients without media queries keep the wider padding, which still fits.
 */
const PHONE_CSS =
  '@media only screen and (max-width: 600px) { .mail-pad { padding-left: 16px !important; padding-right: 16px !important; } }';

const small: CSSProperties = { fontSize: '13px', lineHeight: '20px', color: MAIL_COLORS.muted, margin: '0 0 4px' };
const footerLink: CSSProperties = { color: MAIL_COLORS.link, textDecoration: 'underline' };

/** Every mail of the shop: the brand band, the content, and the footer with how to reach the shop. */
export function MailLayout({ preview, siteUrl, children }: { preview: string; siteUrl: string; children: ReactNode }) {
  const facts = footerFacts(siteUrl);
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <style>{PHONE_CSS}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: MAIL_COLORS.linen, margin: 0, padding: '24px 0' }}>
        <Container
          style={{
            maxWidth: '600px',
            backgroundColor: MAIL_COLORS.white,
            fontFamily: MAIL_FONTS.body,
            color: MAIL_COLORS.text,
          }}
        >
          <Section
            className="mail-pad"
            style={{
              backgroundColor: MAIL_COLORS.brand,
              padding: '20px 32px',
              borderBottom: `4px solid ${MAIL_COLORS.oak}`,
            }}
          >
            <Link
              href={facts.links[0]!.url}
              style={{
                color: MAIL_COLORS.white,
                fontFamily: MAIL_FONTS.heading,
                fontSize: '26px',
                fontWeight: 700,
                lineHeight: '32px',
                textDecoration: 'none',
              }}
            >
              {businessConfig().name}
            </Link>
            <Text style={{ color: MAIL_COLORS.brandMuted, fontSize: '13px', lineHeight: '18px', margin: '4px 0 0' }}>
              {DELIVERY_CLAIM.note}
            </Text>
          </Section>
          {/* Long tokens (payment IDs, links) wrap instead of widening the column past a phone's screen. */}
          <Section
            className="mail-pad"
            style={{ padding: '24px 32px 8px', overflowWrap: 'anywhere', wordBreak: 'break-word' }}
          >
            {children}
          </Section>
          <Section className="mail-pad" style={{ padding: '0 32px 24px' }}>
            <Hr style={{ borderTop: `1px solid ${MAIL_COLORS.rule}`, margin: '8px 0 16px' }} />
            <Text style={{ ...small, color: MAIL_COLORS.text, fontWeight: 600 }}>{businessConfig().name}</Text>
            <Text style={small}>{facts.address}</Text>
            <Text style={small}>
              <Link href={`tel:${businessConfig().phoneE164}`} style={footerLink}>
                {businessConfig().phoneDisplay}
              </Link>
              {' · '}
              <Link href={`mailto:${businessConfig().email}`} style={footerLink}>
                {businessConfig().email}
              </Link>
            </Text>
            <Text style={{ ...small, marginTop: '12px' }}>
              {facts.links.map((link, index) => (
                <span key={link.url}>
                  {index > 0 && ' · '}
                  <Link href={link.url} style={footerLink}>
                    {link.label}
                  </Link>
                </span>
              ))}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
