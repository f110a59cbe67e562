/**
 * A multi-family property's window schedule as the CSV a customer uploads: `count` windows, four a
 * unit from Unit 100, two buildings, each window a size of its own (so each is a cart line of its
 * own), with rows made bad on purpose. For the integration and end-to-end tests and the bench of
 * property schedules.
 */
import type { PropertyWindowInput } from '#domain/properties/property';
import { SCHEDULE_HEADERS, scheduleCsvOf } from '#domain/properties/schedule-csv';

/** The window of schedule row `index` (from 0; the CSV's row index + 2). */
export function scheduleWindow(index: number): PropertyWindowInput {
  const width = 24 + (index % 48) + (index % 8) / 8;
  return {
    building: index % 2 === 0 ? 'A' : 'B',
    unit: String(100 + Math.floor(index / 4)),
    roomName: index % 4 < 2 ? 'Bedroom' : 'Living',
    label: `W${(index % 4) + 1}`,
    widthTop: width,
    widthMiddle: width,
    widthBottom: width,
    height: 60 + Math.floor(index / 48),
    product: null,
  };
}

/** What a bad row holds instead: a top width with a fraction in its inches column. */
export const BAD_TOP_WIDTH = '35.5';
const TOP_WIDTH_COLUMN = SCHEDULE_HEADERS.indexOf('Top width (inches)');

/**
 * The schedule of `count` windows; the rows numbered in `badRows` (as a spreadsheet numbers them:
 * the header is row 1) have BAD_TOP_WIDTH in Top width (inches).
 */
export function scheduleCsv(count: number, badRows: readonly number[] = []): string {
  const lines = scheduleCsvOf(Array.from({ length: count }, (_, index) => scheduleWindow(index))).split('\r\n');
  for (const row of badRows) {
    const cells = lines[row - 1]!.split(',');
    cells[TOP_WIDTH_COLUMN] = BAD_TOP_WIDTH;
    lines[row - 1] = cells.join(',');
  }
  return lines.join('\r\n');
}
