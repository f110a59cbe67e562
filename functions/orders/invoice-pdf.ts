/**
 * Draws the shop's printed documents (domain/orders/invoice.ts: an order's invoice, a customer's
 * quote) as US Letter PDFs with pdf-lib: seller and the document's title and numbers at the top,
 * the parties, the lines (repeating the table head on every page they run onto), the amounts, a
 * closing paragraph (the payment, the quote's validity), and a footer with the page number. The
 * same document gives the same bytes (its dates are fixed), so a second render of an order stores
 * an identical object.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { invoiceDocument, type Invoice, type InvoiceLine, type PrintedDocument } from '#domain/orders/invoice';
import { formatCents } from '#domain/pricing/money';

const PAGE = { width: 612, height: 792 };
const MARGIN = 48;
const FOOTER_SPACE = 40;
const RIGHT = PAGE.width - MARGIN;
const INK = rgb(0.12, 0.12, 0.12);
const MUTED = rgb(0.4, 0.4, 0.4);
const RULE = rgb(0.8, 0.8, 0.8);
const HEAD_FILL = rgb(0.94, 0.94, 0.92);

/** The item column, then the right edges of the quantity, unit price and amount columns. */
const COLUMNS = { item: MARGIN + 6, itemWidth: 300, quantityRight: 410, unitRight: 490, amountRight: RIGHT - 6 };

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * The standard PDF fonts cover Windows-1252, which has the accented letters of Western European
 * names (Zoë Müller, José, Françoise) as they are. A letter outside it loses its accents when the
 * bare letter is known (Nguyễn → Nguyen), and any other character a customer typed becomes "?",
 * rather than failing the document. (Printing every script would need a TrueType font embedded with
 * @pdf-lib/fontkit, which the project does not have.)
 */
function printable(font: PDFFont, text: string): string {
  const known = charactersOf(font);
  const shown = (char: string) => known.has(char.codePointAt(0)!);
  return [...text.normalize('NFC')]
    .map((char) => {
      if (shown(char)) return char;
      if (char === '\t' || char === '\n') return ' ';
      const bare = char.normalize('NFKD').replace(/\p{M}/gu, '');
      return bare !== '' && [...bare].every(shown) ? bare : '?';
    })
    .join('');
}

const characterSets = new WeakMap<PDFFont, Set<number>>();
function charactersOf(font: PDFFont): Set<number> {
  let set = characterSets.get(font);
  if (!set) characterSets.set(font, (set = new Set(font.getCharacterSet())));
  return set;
}

/** Greedy word wrap to `width`; a word longer than the width is cut where it overflows. */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of printable(font, text).split(/ +/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    while (font.widthOfTextAtSize(current, size) > width) {
      let cut = current.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(current.slice(0, cut), size) > width) cut--;
      lines.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** A page being filled from the top; `y` is the baseline of the next text. */
class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN;
  }

  /** Starts a new page when fewer than `height` points are left above the footer. */
  ensureRoom(height: number): boolean {
    if (this.y - height >= MARGIN + FOOTER_SPACE) return false;
    this.newPage();
    return true;
  }

  text(
    text: string,
    x: number,
    options: { size?: number; bold?: boolean; color?: typeof INK; alignRight?: boolean } = {},
  ): void {
    const size = options.size ?? 10;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const shown = printable(font, text);
    const left = options.alignRight ? x - font.widthOfTextAtSize(shown, size) : x;
    this.page.drawText(shown, { x: left, y: this.y, size, font, color: options.color ?? INK });
  }

  rule(y: number, thickness = 0.5): void {
    this.page.drawLine({ start: { x: MARGIN, y }, end: { x: RIGHT, y }, thickness, color: RULE });
  }
}

function drawHeader(w: Writer, invoice: PrintedDocument): void {
  const top = w.y;
  w.y -= 14;
  w.text(invoice.seller.name, MARGIN, { size: 18, bold: true });
  w.y -= 16;
  for (const line of [
    ...invoice.seller.addressLines,
    `Phone ${invoice.seller.phone}`,
    invoice.seller.email,
    invoice.seller.website,
  ]) {
    w.text(line, MARGIN, { size: 9, color: MUTED });
    w.y -= 12;
  }
  const sellerBottom = w.y;

  w.y = top - 16;
  w.text(invoice.title, RIGHT, { size: 22, bold: true, alignRight: true });
  w.y -= 22;
  for (const { label, value } of invoice.references) {
    w.text(label, RIGHT - 160, { size: 9, color: MUTED });
    w.text(value, RIGHT, { size: 10, bold: true, alignRight: true });
    w.y -= 14;
  }
  w.y = Math.min(sellerBottom, w.y) - 14;
}

function drawParties(w: Writer, invoice: PrintedDocument): void {
  const top = w.y;
  let lowest = top;
  for (const [index, { label, party }] of invoice.parties.entries()) {
    const x = MARGIN + index * 270;
    w.y = top;
    w.text(label.toUpperCase(), x, { size: 8, bold: true, color: MUTED });
    w.y -= 14;
    for (const line of [party.name, ...party.addressLines]) {
      for (const part of wrap(w.fonts.regular, 10, line, 250)) {
        w.text(part, x);
        w.y -= 13;
      }
    }
    lowest = Math.min(lowest, w.y);
  }
  w.y = lowest - 14;
}

function drawTableHead(w: Writer): void {
  w.page.drawRectangle({ x: MARGIN, y: w.y - 6, width: RIGHT - MARGIN, height: 20, color: HEAD_FILL });
  w.text('Item', COLUMNS.item, { size: 9, bold: true });
  w.text('Qty', COLUMNS.quantityRight, { size: 9, bold: true, alignRight: true });
  w.text('Unit price', COLUMNS.unitRight, { size: 9, bold: true, alignRight: true });
  w.text('Amount', COLUMNS.amountRight, { size: 9, bold: true, alignRight: true });
  w.y -= 24;
}

const TITLE_LEADING = 13;
const DETAIL_LEADING = 11;

function drawLine(w: Writer, line: InvoiceLine): void {
  const titleLines = wrap(w.fonts.bold, 10, line.title, COLUMNS.itemWidth);
  const detailLines = line.details.flatMap((detail) => wrap(w.fonts.regular, 8.5, detail, COLUMNS.itemWidth));
  const height = titleLines.length * TITLE_LEADING + detailLines.length * DETAIL_LEADING + 8;
  if (w.ensureRoom(height)) drawTableHead(w);

  w.text(String(line.quantity), COLUMNS.quantityRight, { alignRight: true });
  w.text(formatCents(line.unitCents), COLUMNS.unitRight, { alignRight: true });
  w.text(formatCents(line.lineCents), COLUMNS.amountRight, { alignRight: true });
  for (const part of titleLines) {
    w.text(part, COLUMNS.item, { bold: true });
    w.y -= TITLE_LEADING;
  }
  for (const part of detailLines) {
    w.text(part, COLUMNS.item, { size: 8.5, color: MUTED });
    w.y -= DETAIL_LEADING;
  }
  w.rule(w.y + 4);
  w.y -= 10;
}

function drawAmounts(w: Writer, invoice: PrintedDocument): void {
  const labelX = COLUMNS.quantityRight - 90;
  w.ensureRoom(invoice.amounts.length * 16 + 10);
  for (const row of invoice.amounts) {
    if (row.isTotal) {
      w.page.drawLine({ start: { x: labelX, y: w.y + 11 }, end: { x: RIGHT, y: w.y + 11 }, thickness: 1, color: INK });
      w.y -= 3;
    }
    w.text(row.label, labelX, { size: row.isTotal ? 11 : 10, bold: row.isTotal });
    w.text(formatCents(row.cents), COLUMNS.amountRight, {
      size: row.isTotal ? 11 : 10,
      bold: row.isTotal,
      alignRight: true,
    });
    w.y -= 16;
  }
}

function drawClosing(w: Writer, { closing }: PrintedDocument): void {
  w.y -= 10;
  w.ensureRoom(48);
  w.text(closing.heading, MARGIN, { size: 11, bold: true });
  w.y -= 14;
  w.text(closing.detail, MARGIN, { size: 9, color: MUTED });
  w.y -= 22;
  for (const part of wrap(w.fonts.regular, 9, closing.message, RIGHT - MARGIN)) {
    w.text(part, MARGIN, { size: 9 });
    w.y -= 12;
  }
}

function drawFooters(w: Writer, invoice: PrintedDocument): void {
  w.pages.forEach((page, index) => {
    w.page = page;
    w.y = MARGIN - 10;
    w.rule(MARGIN + 4);
    w.text(`${invoice.seller.legalName} · ${invoice.footer}`, MARGIN, { size: 8, color: MUTED });
    w.text(`Page ${index + 1} of ${w.pages.length}`, RIGHT, { size: 8, color: MUTED, alignRight: true });
  });
}

export function renderInvoicePdf(invoice: Invoice): Promise<Uint8Array> {
  return renderDocumentPdf(invoiceDocument(invoice));
}

export async function renderDocumentPdf(invoice: PrintedDocument): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const issuedAt = new Date(invoice.issuedAt);
  doc.setTitle(invoice.footer);
  doc.setAuthor(invoice.seller.legalName);
  doc.setSubject(`${invoice.footer} from ${invoice.seller.name}`);
  doc.setCreator(invoice.seller.name);
  doc.setProducer('pdf-lib');
  doc.setCreationDate(issuedAt);
  doc.setModificationDate(issuedAt);
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };

  const w = new Writer(doc, fonts);
  drawHeader(w, invoice);
  drawParties(w, invoice);
  drawTableHead(w);
  for (const line of invoice.lines) drawLine(w, line);
  w.y -= 6;
  drawAmounts(w, invoice);
  drawClosing(w, invoice);
  drawFooters(w, invoice);
  return doc.save();
}
