/**
 * What a mail says, as blocks written once: mail/MailBody.tsx renders them as the branded HTML part
 * and `blocksText` as the plain-text part, so the two parts never disagree.
 */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'heading'; text: string }
  /** Lines kept together, such as an address. */
  | { kind: 'lines'; lines: string[] }
  /** Text someone typed (a message, a cover letter): shown as written, line breaks kept. */
  | { kind: 'quote'; text: string }
  /** `primary`: the one thing the mail asks the reader to do, drawn as a button. */
  | { kind: 'link'; label: string; url: string; primary?: boolean }
  /** A code to type, such as an account confirmation code. */
  | { kind: 'code'; label: string; code: string }
  | { kind: 'items'; items: MailItem[] }
  | { kind: 'amounts'; rows: Array<{ label: string; amount: string; isTotal: boolean }> };

export interface MailItem {
  heading: string;
  details: string[];
  amount: string | null;
}

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
    case 'quote':
      return block.text;
    case 'heading':
      return block.text.toUpperCase();
    case 'lines':
      return block.lines.join('\n');
    case 'link':
      return `${block.label}: ${block.url}`;
    case 'code':
      return `${block.label} ${block.code}.`;
    case 'items':
      return block.items
        .map((item) =>
          [
            `- ${item.heading}${item.amount ? `: ${item.amount}` : ''}`,
            ...item.details.map((detail) => `    ${detail}`),
          ].join('\n'),
        )
        .join('\n');
    case 'amounts':
      return block.rows.map((row) => `${row.label}: ${row.amount}`).join('\n');
  }
}

/** The plain-text part: one block after another, a blank line between, then `footer`. */
export function blocksText(blocks: MailBlock[], footer: string[]): string {
  return `${[...blocks.map(blockText), `--\n${footer.join('\n')}`].join('\n\n')}\n`;
}
