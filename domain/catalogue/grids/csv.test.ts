import { describe, expect, it } from 'vitest';
import { SEED_PRICE_GRIDS } from './index';
import { gridToCsv, parseGridCsv } from './csv';
import { GRID_KINDS } from './types';
import { validateGrid } from './validate';
import { gridVersion } from './version';

describe('the seed grids', () => {
  it.each(GRID_KINDS)('%s is complete over its product range, with no gap, overlap or non-positive price', (kind) => {
    expect(validateGrid(kind, SEED_PRICE_GRIDS[kind] as never)).toEqual([]);
  });

  it('holds the four featured stock sizes at the table prices that give the home page prices', () => {
    const stock = Object.fromEntries(SEED_PRICE_GRIDS.fauxWoodStock.map((row) => [row.size, row.totalPriceCents]));
    expect([stock['25 x 72'], stock['47 x 72'], stock['35 x 60'], stock['35 x 72']]).toEqual([5855, 10277, 6310, 7573]);
  });
});

describe('grid CSV', () => {
  it.each(GRID_KINDS)('%s survives a round trip through CSV unchanged', (kind) => {
    const rows = SEED_PRICE_GRIDS[kind];
    const parsed = parseGridCsv(kind, gridToCsv(kind, rows as never));
    expect(parsed).toEqual({ ok: true, rows });
  });

  it("writes the old tables' columns with prices in dollars", () => {
    const csv = gridToCsv('roller', SEED_PRICE_GRIDS.roller.slice(0, 1));
    expect(csv.split('\r\n')).toEqual([
      'shade_type,width_min,width_max,length_min,length_max,price,sale_price',
      'GREEN_3000_3PCT,24,30,36,48,131.99,95.99',
    ]);
    expect(gridToCsv('fauxWoodStock', SEED_PRICE_GRIDS.fauxWoodStock.slice(0, 1)).split('\r\n')[0]).toBe(
      'item_number,size,total_price',
    );
  });

  it('reads what a spreadsheet writes: a byte order mark, quoted cells, dollar signs, thousands, "WxH", columns in any order, a blank sale price', () => {
    const csv = '\uFEFFwidth_min,price,width_max\r\n24,"$1,018.5",48\r\n48,20,84\r\n\r\n';
    expect(parseGridCsv('fascia', csv)).toEqual({
      ok: true,
      rows: [
        { widthMin: 24, widthMax: 48, priceCents: 101850 },
        { widthMin: 48, widthMax: 84, priceCents: 2000 },
      ],
    });
    const stock = gridToCsv('fauxWoodStock', SEED_PRICE_GRIDS.fauxWoodStock).replace('25 x 72', '25X72');
    const parsed = parseGridCsv('fauxWoodStock', stock);
    expect(parsed.ok && parsed.rows.find((row) => row.itemNumber === 'FW-025-072')).toMatchObject({
      size: '25 x 72',
      width: 25,
      length: 72,
    });
  });

  /** The seed roller grid as CSV lines: line 0 is the header, line n is row n + 1. */
  const rollerLines = () => gridToCsv('roller', SEED_PRICE_GRIDS.roller).split('\r\n');
  const withLine = (lines: string[], index: number, line: string) =>
    lines.map((l, i) => (i === index ? line : l)).join('\r\n');

  it.each([
    [
      'width_max below width_min',
      'GREEN_3000_3PCT,30,24,48,60,147.99,106.99',
      'Row 3: width_max must be at least width_min',
    ],
    [
      'length_max below length_min',
      'GREEN_3000_3PCT,24,30,60,48,147.99,106.99',
      'Row 3: length_max must be at least length_min',
    ],
    ['a zero price', 'GREEN_3000_3PCT,24,30,48,60,0,106.99', 'Row 3: price must be more than 0'],
    ['a negative price', 'GREEN_3000_3PCT,24,30,48,60,-5,106.99', 'Row 3: price must be more than 0'],
    [
      'a sale price above the price',
      'GREEN_3000_3PCT,24,30,48,60,147.99,150.00',
      'Row 3: sale_price must not be more than price',
    ],
    [
      'a price that is not money',
      'GREEN_3000_3PCT,24,30,48,60,abc,106.99',
      'Row 3: price must be an amount in dollars, like 41.40',
    ],
    [
      'a width that is not inches',
      'GREEN_3000_3PCT,24,thirty,48,60,147.99,106.99',
      'Row 3: width_max must be a number of inches',
    ],
    ['a missing cell', 'GREEN_3000_3PCT,24,30,,60,147.99,106.99', 'Row 3: length_min is required'],
    [
      'an unknown shade type',
      'GREEN_4000,24,30,48,60,147.99,106.99',
      'Row 3: shade_type must be one of GREEN_3000_3PCT, GREEN_3000_1PCT, GREEN_2000_1PCT, GREEN_2000_3PCT, BLACKOUT',
    ],
    [
      'a row that repeats a range',
      'GREEN_3000_3PCT,24,30,36,48,147.99,106.99',
      'Row 3: overlaps row 2: same width and length ranges of GREEN_3000_3PCT',
    ],
    [
      'a range overlapping another',
      'GREEN_3000_3PCT,24,30,40,60,147.99,106.99',
      'Row 3: length 40-60 of GREEN_3000_3PCT overlaps length 36-48 (row 2)',
    ],
    ['an empty row', '', 'Row 3: the row is empty'],
  ])('refuses %s, naming the row', (_, line, problem) => {
    const result = parseGridCsv('roller', withLine(rollerLines(), 2, line));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems).toContain(problem);
  });

  it('refuses a grid that stops short of the product range or leaves a cell out', () => {
    const lines = rollerLines().filter((line) => !/^BLACKOUT,78,84,/.test(line));
    const result = parseGridCsv('roller', lines.join('\r\n'));
    expect(!result.ok && result.problems[0]).toBe(
      'Row 434: widths of BLACKOUT end at 78; sizes up to 84 must be priced',
    );
    const oneMissing = rollerLines().filter((line) => !line.startsWith('BLACKOUT,36,42,60,72'));
    const missing = parseGridCsv('roller', oneMissing.join('\r\n'));
    expect(!missing.ok && missing.problems).toEqual([
      'Row 380: no price of BLACKOUT for width 36-42 with length 60-72',
    ]);
  });

  it('refuses a gap between ranges, naming the row after it', () => {
    expect(parseGridCsv('fascia', 'width_min,width_max,price\n24,36,18\n38,84,24')).toEqual({
      ok: false,
      problems: ['Row 3: gap in width between 36 and 38'],
    });
  });

  it('refuses a missing column and a shade type with no rows', () => {
    expect(parseGridCsv('roller', 'shade_type,width_min,width_max,length_min,length_max,price\r\n')).toEqual({
      ok: false,
      problems: ['Row 1: missing column sale_price'],
    });
    const noBlackout = rollerLines().filter((line) => !line.startsWith('BLACKOUT'));
    const result = parseGridCsv('roller', noBlackout.join('\r\n'));
    expect(!result.ok && result.problems).toEqual(['No rows for BLACKOUT']);
  });

  it.each([
    [
      'a stock length more than 12 inches after the previous',
      (csv: string) => csv.replace(/\r\nFW-025-060[^\r]*/, ''),
      'Row 77: gap for stock width 25: lengths between 48 and 60 have no stock size at most 12 inches longer',
    ],
    [
      'a stock size twice',
      (csv: string) => csv.replace('FW-025-060,25 x 60', 'FW-025-060,25 x 48'),
      'Row 77: size 25 x 48 overlaps row 76',
    ],
    [
      'an item number holding control characters',
      (csv: string) => csv.replace('FW-025-060,', '"FW-025\r\n\u001b[31m-060",'),
      'Row 77: item_number contains characters that are not allowed',
    ],
    [
      'a size that is not W x H',
      (csv: string) => csv.replace('25 x 60', '25 by 60'),
      'Row 77: size must read W x H, like 25 x 72',
    ],
    [
      'stock sizes that stop short of 96 wide',
      (csv: string) =>
        csv
          .split('\r\n')
          .filter((line) => !line.startsWith('FW-096'))
          .join('\r\n'),
      'Row 335: the widest stock size is 94; widths up to 96 must be stocked',
    ],
  ])('refuses faux wood stock with %s', (_, edit, problem) => {
    const result = parseGridCsv('fauxWoodStock', edit(gridToCsv('fauxWoodStock', SEED_PRICE_GRIDS.fauxWoodStock)));
    expect(!result.ok && result.problems).toContain(problem);
  });

  it('refuses vertical and mini grids with a size missing or repeated', () => {
    const vertical = gridToCsv('vertical', SEED_PRICE_GRIDS.vertical).replace(/\r\n18,24,[^\r]*/, '');
    const verticalResult = parseGridCsv('vertical', vertical);
    expect(!verticalResult.ok && verticalResult.problems).toEqual([
      'Row 2: no price for width_inch 18 with height_inch 24',
    ]);
    const mini = gridToCsv('mini', SEED_PRICE_GRIDS.mini).replace('MB-group1-8-24', 'MB-group1-8-12');
    const miniResult = parseGridCsv('mini', mini);
    expect(!miniResult.ok && miniResult.problems).toEqual(['Row 3: id MB-group1-8-12 repeats row 2']);
  });
});

describe('gridVersion', () => {
  it('is stable for the same rows and changes when a price changes', () => {
    const rows = SEED_PRICE_GRIDS.fascia;
    expect(gridVersion('fascia', rows)).toBe(gridVersion('fascia', structuredClone(rows)));
    expect(gridVersion('fascia', rows)).toMatch(/^fascia-[0-9a-f]{14}$/);
    const changed = rows.map((row, i) => (i === 0 ? { ...row, priceCents: row.priceCents + 1 } : row));
    expect(gridVersion('fascia', changed)).not.toBe(gridVersion('fascia', rows));
  });
});
