import { describe, expect, it } from 'vitest';
import { SEED_PRICE_GRIDS } from '../catalogue/grids';
import { priceConfiguration } from '../pricing/price';
import { propertyWindowInputSchema, workflowTypeFor, type PropertyType, type PropertyWindow } from './property';
import {
  orderAddedMessage,
  orderingSize,
  roomLabelOf,
  windowConfiguration,
  windowOrderRequestSchema,
  windowsOfRoom,
} from './window-order';

const window = (
  widthTop: number,
  widthMiddle: number,
  widthBottom: number,
  height: number,
  extra: Partial<PropertyWindow> = {},
): PropertyWindow => ({
  id: 'w1',
  propertyId: 'p1',
  building: '',
  unit: '',
  roomName: 'Kitchen',
  product: null,
  label: '',
  widthTop,
  widthMiddle,
  widthBottom,
  height,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...extra,
});

describe('orderingSize', () => {
  it.each([
    {
      case: 'inside: the narrowest width',
      mount: 'inside',
      sizes: [36, 35.5, 35.75, 60],
      width: { inches: 35, eighths: 4 },
      length: { inches: 60, eighths: 0 },
    },
    {
      case: 'outside: the widest width',
      mount: 'outside',
      sizes: [36, 35.5, 36.25, 60],
      width: { inches: 36, eighths: 2 },
      length: { inches: 60, eighths: 0 },
    },
    {
      case: 'eighths are kept: 35.375 is 35 3/8',
      mount: 'inside',
      sizes: [35.375, 35.5, 35.625, 48.875],
      width: { inches: 35, eighths: 3 },
      length: { inches: 48, eighths: 7 },
    },
    {
      case: 'the narrowest may be the bottom',
      mount: 'inside',
      sizes: [30, 30, 29.125, 40],
      width: { inches: 29, eighths: 1 },
      length: { inches: 40, eighths: 0 },
    },
    {
      case: 'the widest may be the middle',
      mount: 'outside',
      sizes: [30, 31.875, 30, 40],
      width: { inches: 31, eighths: 7 },
      length: { inches: 40, eighths: 0 },
    },
  ] as const)('$case', ({ mount, sizes, width, length }) => {
    const [top, middle, bottom, height] = sizes;
    expect(orderingSize(window(top, middle, bottom, height), mount)).toEqual({ width, length });
  });
});

describe('windowConfiguration', () => {
  const choice = { family: 'faux-wood-blinds', colorCode: 'E02', mount: 'inside' } as const;

  it('is a window measurement, so the engine deducts 0.5 in from an inside mount', () => {
    const configuration = windowConfiguration(window(36, 35.5, 35.75, 60), choice);
    expect(configuration).toMatchObject({
      series: 'standard',
      measurement: 'window',
      width: { inches: 35, eighths: 4 },
      quantity: 1,
    });
    const quote = priceConfiguration(configuration, SEED_PRICE_GRIDS);
    expect(quote.ok && quote.width).toBe(35);
  });

  it('makes an outside mount at the widest width measured', () => {
    const quote = priceConfiguration(
      windowConfiguration(window(36, 35.5, 36.25, 60), { ...choice, mount: 'outside' }),
      SEED_PRICE_GRIDS,
    );
    expect(quote.ok && quote.width).toBe(36.25);
  });
});

describe('window order request', () => {
  it.each([
    { body: { family: 'faux-wood-blinds', colorCode: 'E02', mount: 'inside' }, ok: true },
    {
      body: { family: 'faux-wood-blinds', series: 'printed', colorCode: '253', mount: 'outside', roomName: 'Kitchen' },
      ok: true,
    },
    {
      body: { family: 'faux-wood-blinds', series: 'green2000', colorCode: 'E02', mount: 'inside' },
      ok: false,
      field: 'series',
    },
    { body: { family: 'drapes', colorCode: 'E02', mount: 'inside' }, ok: false, field: 'family' },
    { body: { family: 'wood-blinds', colorCode: '', mount: 'inside' }, ok: false, field: 'colorCode' },
    { body: { family: 'wood-blinds', colorCode: 'X', mount: 'sideways' }, ok: false, field: 'mount' },
  ])('$body.family $body.series $body.mount → $ok', ({ body, ok, field }) => {
    const parsed = windowOrderRequestSchema.safeParse(body);
    expect(parsed.success).toBe(ok);
    if (!parsed.success) expect(parsed.error.issues.map((issue) => issue.path[0])).toContain(field);
  });
});

describe('window measurements', () => {
  it.each([
    { value: 35.375, ok: true },
    { value: 35, ok: true },
    { value: 35.3, ok: false },
    { value: 0, ok: false },
    { value: 241, ok: false },
  ])('a width of $value → $ok', ({ value, ok }) => {
    const parsed = propertyWindowInputSchema.safeParse({
      widthTop: value,
      widthMiddle: 30,
      widthBottom: 30,
      height: 40,
    });
    expect(parsed.success).toBe(ok);
  });
});

describe('rooms, labels and messages', () => {
  const windows = [
    window(30, 30, 30, 40, { id: 'a', roomName: 'Kitchen' }),
    window(30, 30, 30, 40, { id: 'b', roomName: 'Den' }),
  ];

  it('selects a room case-insensitively, or every window', () => {
    expect(windowsOfRoom(windows, 'kitchen ').map((w) => w.id)).toEqual(['a']);
    expect(windowsOfRoom(windows, undefined).map((w) => w.id)).toEqual(['a', 'b']);
  });

  it.each([
    { roomName: 'Kitchen', label: '', expected: 'Kitchen' },
    { roomName: 'Kitchen', label: 'Over the sink', expected: 'Kitchen - Over the sink' },
    { roomName: '', label: '', expected: null },
  ])('room label of $roomName / $label', ({ roomName, label, expected }) => {
    expect(roomLabelOf({ roomName, label })).toBe(expected);
  });

  it("names a schedule's window by building and unit first", () => {
    expect(roomLabelOf({ building: 'B', unit: '204', roomName: 'Bedroom', label: 'Left' })).toBe(
      'B - 204 - Bedroom - Left',
    );
    expect(roomLabelOf({ building: '', unit: '204', roomName: '', label: '' })).toBe('204');
  });

  it("orders a window in the product its schedule names, the others in the set's choice", () => {
    const named = window(30, 30, 30, 40, {
      product: { family: 'wood-blinds', series: 'smooth', colorCode: 'W101' },
    });
    const choice = { family: 'faux-wood-blinds', colorCode: 'E02', mount: 'inside' } as const;
    expect(windowConfiguration(named, choice)).toMatchObject({ family: 'wood-blinds', series: 'smooth' });
    expect(windowConfiguration(windows[0]!, choice)).toMatchObject({ family: 'faux-wood-blinds', color: 'E02' });
  });

  it('says what was added in the spec words', () => {
    expect(orderAddedMessage('faux-wood-blinds', 2, 8281)).toBe(
      'Order added! Added 2 faux wood blinds to your cart! Total: $82.81',
    );
    expect(orderAddedMessage('wood-blinds', 3, 15000)).toBe(
      'Order added! Added 3 wood blinds to your cart! Total: $150.00',
    );
  });
});

describe('workflowTypeFor', () => {
  it.each([
    ['single-family', 'simple'],
    ['condo', 'simple'],
    ['townhouse', 'simple'],
    ['multi-family', 'complex'],
    ['apartment', 'complex'],
    ['commercial', 'complex'],
  ] as [PropertyType, string][])('%s → %s', (type, workflow) => {
    expect(workflowTypeFor(type)).toBe(workflow);
  });
});
