import { Button, Column, Heading, Link, Row, Section, Text } from '@react-email/components';
import { Fragment, type CSSProperties } from 'react';
import type { MailBlock } from './blocks';
import { MAIL_COLORS, MAIL_FONTS } from './brand';

const text: CSSProperties = { fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' };
const cell: CSSProperties = {
  fontSize: '15px',
  lineHeight: '22px',
  padding: '8px 0',
  verticalAlign: 'top',
  borderBottom: `1px solid ${MAIL_COLORS.rule}`,
};
const amountCell: CSSProperties = { ...cell, textAlign: 'right', whiteSpace: 'nowrap', paddingLeft: '12px' };
const link: CSSProperties = { color: MAIL_COLORS.link, textDecoration: 'underline' };

/** One block of a mail as email-safe HTML (presentation tables, inline styles). React escapes every text. */
function Block({ block }: { block: MailBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return <Text style={text}>{block.text}</Text>;
    case 'heading':
      return (
        <Heading
          as="h2"
          style={{
            fontFamily: MAIL_FONTS.heading,
            fontSize: '20px',
            lineHeight: '28px',
            color: MAIL_COLORS.brand,
            margin: '24px 0 8px',
          }}
        >
          {block.text}
        </Heading>
      );
    case 'lines':
      return (
        <Text style={text}>
          {block.lines.map((line, index) => (
            <Fragment key={index}>
              {index > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </Text>
      );
    case 'quote':
      return (
        <Text
          style={{
            ...text,
            whiteSpace: 'pre-wrap',
            borderLeft: `4px solid ${MAIL_COLORS.oak}`,
            padding: '4px 0 4px 12px',
          }}
        >
          {block.text}
        </Text>
      );
    case 'link':
      return block.primary ? (
        <Section style={{ margin: '8px 0 24px' }}>
          <Button
            href={block.url}
            style={{
              backgroundColor: MAIL_COLORS.brand,
              color: MAIL_COLORS.white,
              fontSize: '16px',
              fontWeight: 600,
              lineHeight: '24px',
              padding: '12px 24px',
              borderRadius: '6px',
              textDecoration: 'none',
            }}
          >
            {block.label}
          </Button>
        </Section>
      ) : (
        <Text style={text}>
          <Link href={block.url} style={link}>
            {block.label}
          </Link>
        </Text>
      );
    case 'code':
      return (
        <Text
          style={{
            ...text,
            fontSize: '20px',
            lineHeight: '28px',
            letterSpacing: '1px',
            backgroundColor: MAIL_COLORS.oakSubtle,
            padding: '12px 16px',
            borderRadius: '6px',
          }}
        >
          {block.label} <strong>{block.code}</strong>.
        </Text>
      );
    case 'items':
      return (
        <Section style={{ margin: '0 0 16px' }}>
          {block.items.map((item, index) => (
            <Row key={index}>
              <Column style={cell}>
                <strong>{item.heading}</strong>
                {item.details.map((detail, detailIndex) => (
                  <Fragment key={detailIndex}>
                    <br />
                    <span style={{ fontSize: '14px', color: MAIL_COLORS.muted }}>{detail}</span>
                  </Fragment>
                ))}
              </Column>
              {item.amount !== null && <Column style={amountCell}>{item.amount}</Column>}
            </Row>
          ))}
        </Section>
      );
    case 'amounts':
      return (
        <Section style={{ margin: '0 0 16px' }}>
          {block.rows.map((row) => {
            const total: CSSProperties = row.isTotal
              ? { fontWeight: 700, borderBottom: 'none', borderTop: `2px solid ${MAIL_COLORS.text}` }
              : { borderBottom: 'none' };
            return (
              <Row key={row.label}>
                <Column style={{ ...cell, ...total, padding: '4px 0' }}>{row.label}</Column>
                <Column style={{ ...amountCell, ...total, padding: '4px 0 4px 12px' }}>{row.amount}</Column>
              </Row>
            );
          })}
        </Section>
      );
  }
}

export function MailBlocks({ blocks }: { blocks: MailBlock[] }) {
  return blocks.map((block, index) => <Block key={index} block={block} />);
}
