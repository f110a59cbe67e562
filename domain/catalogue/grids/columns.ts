/** The CSV columns of each grid: the old tables' column names, prices in dollars. */
import type { GridKind } from './types';

export type ColumnType = 'text' | 'inches' | 'money' | 'optionalMoney' | 'size';

export interface Column {
  header: string;
  /** The row field; a `size` column ("W x H") fills `size`, `width` and `length`. */
  key: string;
  type: ColumnType;
}

const col = (header: string, key: string, type: ColumnType): Column => ({ header, key, type });

const ranges = (length: 'length' | 'height') => [
  col('width_min', 'widthMin', 'inches'),
  col('width_max', 'widthMax', 'inches'),
  col(`${length}_min`, 'lengthMin', 'inches'),
  col(`${length}_max`, 'lengthMax', 'inches'),
];

export const GRID_COLUMNS: Record<GridKind, readonly Column[]> = {
  fauxWoodStock: [
    col('item_number', 'itemNumber', 'text'),
    col('size', 'size', 'size'),
    col('total_price', 'totalPriceCents', 'money'),
  ],
  fauxWoodPremium: [col('color_group', 'colorGroup', 'text'), ...ranges('height'), col('price', 'priceCents', 'money')],
  wood: [col('shade_type', 'shadeType', 'text'), ...ranges('length'), col('price', 'priceCents', 'money')],
  roller: [
    col('shade_type', 'shadeType', 'text'),
    ...ranges('length'),
    col('price', 'priceCents', 'money'),
    col('sale_price', 'salePriceCents', 'optionalMoney'),
  ],
  fascia: [
    col('width_min', 'widthMin', 'inches'),
    col('width_max', 'widthMax', 'inches'),
    col('price', 'priceCents', 'money'),
  ],
  vertical: [
    col('width_inch', 'width', 'inches'),
    col('height_inch', 'length', 'inches'),
    col('price', 'priceCents', 'money'),
  ],
  mini: [
    col('id', 'id', 'text'),
    col('color_group', 'colorGroup', 'text'),
    col('width_up_to', 'widthUpTo', 'inches'),
    col('length_up_to', 'lengthUpTo', 'inches'),
    col('price', 'priceCents', 'money'),
  ],
};

/** The CSV header of a row field, for messages. */
export function columnHeader(kind: GridKind, key: string): string {
  return GRID_COLUMNS[kind].find((column) => column.key === key)?.header ?? key;
}
