/**
 * Price grids as CSV, the form staff download, edit in a spreadsheet and upload. Prices are
 * dollars ("41.40", "$1,058.00"); sizes are inches; the faux wood stock size reads "W x H".
 */
import Papa from 'papaparse';
import { MINI_ALUMINUM_COLORS, MINI_VINYL_COLORS } from '../colors';
import { parseDollars } from '../../pricing/money';
import { isSingleLine } from '../../text';
import { ROLLER_SHADE_TYPES, WOOD_SHADE_TYPES } from '../families';
import { GRID_COLUMNS, type Column } from './columns';
import { gridRowSchemas, type GridKind, type GridRow } from './types';
import { csvRowNumber, validateGrid } from './validate';

export type GridParseResult<K extends GridKind> = { ok: true; rows: GridRow<K>[] } | { ok: false; problems: string[] };

/** The values a text column accepts, where the engine looks rows up by them. */
const ALLOWED_VALUES: Partial<Record<GridKind, Record<string, readonly string[]>>> = {
  wood: { shadeType: Object.values(WOOD_SHADE_TYPES) },
  roller: { shadeType: ROLLER_SHADE_TYPES },
  mini: { colorGroup: [...new Set([...MINI_ALUMINUM_COLORS, ...MINI_VINYL_COLORS].map((color) => color.group))] },
};

const INCHES = /^\d+(\.\d+)?$/;
const SIZE = /^(\d+(?:\.\d+)?)\s*[xX×]\s*(\d+(?:\.\d+)?)$/;

function parseCell(kind: GridKind, column: Column, text: string, row: Record<string, unknown>): string | undefined {
  const { header, key, type } = column;
  if (type === 'optionalMoney' && text === '') {
    row[key] = null;
    return undefined;
  }
  if (text === '') return `${header} is required`;
  switch (type) {
    case 'text': {
      if (!isSingleLine(text)) return `${header} contains characters that are not allowed`;
      const allowed = ALLOWED_VALUES[kind]?.[key];
      if (allowed && !allowed.includes(text)) return `${header} must be one of ${allowed.join(', ')}`;
      row[key] = text;
      return undefined;
    }
    case 'inches':
      if (!INCHES.test(text)) return `${header} must be a number of inches`;
      if (Number(text) <= 0) return `${header} must be more than 0`;
      row[key] = Number(text);
      return undefined;
    case 'money':
    case 'optionalMoney': {
      const cents = parseDollars(text);
      if (cents === undefined) return `${header} must be an amount in dollars, like 41.40`;
      if (cents <= 0) return `${header} must be more than 0`;
      row[key] = cents;
      return undefined;
    }
    case 'size': {
      const match = SIZE.exec(text);
      if (!match || Number(match[1]) <= 0 || Number(match[2]) <= 0) return `${header} must read W x H, like 25 x 72`;
      row.width = Number(match[1]);
      row.length = Number(match[2]);
      row.size = `${row.width} x ${row.length}`;
      return undefined;
    }
  }
}

/**
 * Reads an uploaded grid. Refuses the whole file, each problem naming its row, when a cell is
 * not readable or the grid has gaps, overlaps, non-positive prices or bad ranges.
 */
export function parseGridCsv<K extends GridKind>(kind: K, text: string): GridParseResult<K> {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const records = parsed.data;
  while (records.length > 0 && records[records.length - 1]!.every((cell) => cell.trim() === '')) records.pop();
  const [header, ...body] = records;
  if (!header) return { ok: false, problems: ['The file is empty'] };
  const headers = header.map((cell) => cell.trim().toLowerCase());
  const columns = GRID_COLUMNS[kind];
  const missing = columns.filter((column) => !headers.includes(column.header));
  if (missing.length > 0)
    return { ok: false, problems: missing.map((column) => `Row 1: missing column ${column.header}`) };

  const problems: string[] = [];
  const rows: GridRow<K>[] = [];
  body.forEach((record, index) => {
    const number = csvRowNumber(index);
    if (record.every((cell) => cell.trim() === '')) {
      problems.push(`Row ${number}: the row is empty`);
      return;
    }
    const row: Record<string, unknown> = {};
    const rowProblems = columns
      .map((column) => parseCell(kind, column, (record[headers.indexOf(column.header)] ?? '').trim(), row))
      .filter((problem) => problem !== undefined);
    if (rowProblems.length > 0) {
      problems.push(...rowProblems.map((problem) => `Row ${number}: ${problem}`));
      return;
    }
    rows.push(gridRowSchemas[kind].parse(row) as GridRow<K>);
  });
  if (problems.length > 0) return { ok: false, problems };
  const structural = validateGrid(kind, rows);
  return structural.length > 0 ? { ok: false, problems: structural } : { ok: true, rows };
}

/** One cell as staff read it in the CSV (prices in dollars, "41.40"); the admin preview shows the same. */
export function formatCell(column: Column, row: Record<string, unknown>): string {
  const value = row[column.key];
  if (column.type === 'money' || column.type === 'optionalMoney')
    return value === null ? '' : ((value as number) / 100).toFixed(2);
  return String(value);
}

/** The grid as the CSV staff download: the old table's columns, one row per line. */
export function gridToCsv<K extends GridKind>(kind: K, rows: readonly GridRow<K>[]): string {
  const columns = GRID_COLUMNS[kind];
  return Papa.unparse({
    fields: columns.map((column) => column.header),
    data: rows.map((row) => columns.map((column) => formatCell(column, row as Record<string, unknown>))),
  });
}
