import { describe, expect, it } from 'vitest';
import {
  importedMessage,
  MAX_SCHEDULE_ROWS,
  parseScheduleCsv,
  SCHEDULE_HEADERS,
  scheduleCsvOf,
  scheduleTemplateCsv,
  skippedRows,
  tooManyRowsMessage,
  willSkipMessage,
} from './schedule-csv';

const header = SCHEDULE_HEADERS.join(',');
const csv = (...rows: string[]) => [header, ...rows].join('\n');

describe('a window schedule as CSV', () => {
  it('reads each row as a window: where it is, its measurements in inches and eighths, its product', () => {
    const parsed = parseScheduleCsv(
      csv(
        'B,204,Bedroom,Left,35,3,35,2,35,3/8,60,0,,',
        'B,204,Living,,48,,47,7,48,1/2,72,4,Faux Wood Blinds: Printed,',
        ',,Kitchen,,30,0,30,0,30,0,40,0,wood blinds,',
      ),
    );
    expect(parsed.fileProblems).toEqual([]);
    expect(parsed.problems).toEqual([]);
    expect(parsed.rows.map((row) => row.row)).toEqual([2, 3, 4]);
    expect(parsed.rows[0]!.window).toEqual({
      building: 'B',
      unit: '204',
      roomName: 'Bedroom',
      label: 'Left',
      widthTop: 35.375,
      widthMiddle: 35.25,
      widthBottom: 35.375,
      height: 60,
      product: null,
    });
    expect(parsed.rows[1]!.window).toMatchObject({ widthBottom: 48.5, height: 72.5 });
    expect(parsed.rows[1]!.window.product).toMatchObject({ family: 'faux-wood-blinds', series: 'printed' });
    expect(parsed.rows[2]!.window.product).toMatchObject({ family: 'wood-blinds', series: 'smooth' });
  });

  it('names every problem of a bad row by its row and column, and skips the row whole', () => {
    const parsed = parseScheduleCsv(
      csv(
        'B,101,Bedroom,,35.5,0,35,9,35,0,0,0,,',
        'B,102,Bedroom,,35,0,35,0,35,0,60,0,Curtains,',
        'B,103,Bedroom,,35,0,35,0,35,0,60,0,,E02',
        'B,104,Bedroom,,35,0,35,0,35,0,60,0,,',
      ),
    );
    expect(parsed.problems).toEqual([
      {
        row: 2,
        column: 'Top width (inches)',
        message: 'Top width must be whole inches; put the fraction in Top width (eighths).',
      },
      {
        row: 2,
        column: 'Middle width (eighths)',
        message: 'Middle width (eighths) must be a whole number from 0 to 7 (or a fraction like 3/8).',
      },
      { row: 2, column: 'Height (inches)', message: 'Height must be greater than 0.' },
      {
        row: 3,
        column: 'Product',
        message: 'Product must be one of Faux Wood Blinds, Wood Blinds, Roller Shades, Vertical Blinds, Mini Blinds.',
      },
      { row: 4, column: 'Product', message: 'Product is required when a color is given.' },
    ]);
    expect(skippedRows(parsed)).toEqual([2, 3, 4]);
    expect(parsed.rows.map((row) => row.row)).toEqual([5]);
  });

  it('refuses the whole file when a column is missing or unknown, or it has too many rows', () => {
    expect(parseScheduleCsv('Room,Height (inches)\nKitchen,40').fileProblems).toEqual([
      'Row 1: the column Top width (inches) is missing. Download the template for the columns.',
      'Row 1: the column Middle width (inches) is missing. Download the template for the columns.',
      'Row 1: the column Bottom width (inches) is missing. Download the template for the columns.',
    ]);
    expect(parseScheduleCsv(`${header},Notes\n`).fileProblems).toEqual([
      `Row 1: Notes is not a column of the schedule (${SCHEDULE_HEADERS.join(', ')}).`,
    ]);
    const row = 'B,1,Bedroom,,35,0,35,0,35,0,60,0,,';
    const tooMany = parseScheduleCsv(csv(...Array.from({ length: MAX_SCHEDULE_ROWS + 1 }, () => row)));
    expect(tooMany.fileProblems).toEqual([tooManyRowsMessage(MAX_SCHEDULE_ROWS + 1)]);
    expect(tooMany.rows).toEqual([]);
  });

  it('exports windows in the same columns, so an export imports as it is', () => {
    const template = parseScheduleCsv(scheduleTemplateCsv());
    expect(template.problems).toEqual([]);
    const windows = template.rows.map((row) => row.window);
    expect(windows).toHaveLength(2);
    const again = parseScheduleCsv(scheduleCsvOf(windows));
    expect(again.rows.map((row) => row.window)).toEqual(windows);
  });
});

describe('what the preview and the import say', () => {
  it('names the rows skipped', () => {
    expect(willSkipMessage([5])).toBe('Row 5 will be skipped.');
    expect(willSkipMessage([5, 9, 17])).toBe('Rows 5, 9 and 17 will be skipped.');
    expect(importedMessage(198, [5, 17])).toBe('Imported 198 windows; rows 5 and 17 were skipped.');
    expect(importedMessage(1, [])).toBe('Imported 1 window.');
  });
});
