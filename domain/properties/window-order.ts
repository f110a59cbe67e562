/**
 * Ordering a property's measured windows: which size of each window is ordered, the configuration
 * the pricing engine prices, and the texts the customer sees.
 */
import * as z from 'zod';
import { FAMILIES, FAMILY_IDS, SERIES_IDS, type FamilyId } from '../catalogue/families';
import { configurationSchema, type Configuration } from '../pricing/configuration';
import type { Dimension } from '../pricing/dimensions';
import { MAX_ORDER_LINES } from '../checkout/totals';
import { formatCents } from '../pricing/money';
import { singleLineText } from '../text';
import { windowPlaceOf, type PropertyWindow } from './property';

export type Mount = 'inside' | 'outside';

export const NO_WINDOWS_MESSAGE = 'No windows found for this property/room.';
export const FETCH_WINDOWS_FAILED_MESSAGE = 'Failed to fetch windows for this property/room.';
export const NO_ITEMS_ADDED_MESSAGE = 'No items added';
export const SELECT_PROPERTY_MESSAGE = 'Please select a property first.';

/** The success toast: 'Order added! Added 3 faux wood blinds to your cart! Total: $123.45'. */
export function orderAddedMessage(family: FamilyId, addedCount: number, totalCents: number): string {
  return `Order added! Added ${addedCount} ${FAMILIES[family].name.toLowerCase()} to your cart! Total: ${formatCents(totalCents)}`;
}

/** The size ordered for a window, in whole inches and eighths, before the engine's own deduction. */
export interface OrderingSize {
  width: Dimension;
  length: Dimension;
}

/**
 * Inches as whole inches and eighths. Window measurements are stored in eighths (the input schema
 * refuses anything finer); rounding still goes the safe way: down for a blind that must fit inside
 * the frame, up for one that must cover it.
 */
function toDimension(inches: number, mount: Mount): Dimension {
  const exact = inches * 8;
  const eighths = mount === 'inside' ? Math.floor(exact + 1e-9) : Math.ceil(exact - 1e-9);
  return { inches: Math.floor(eighths / 8), eighths: eighths % 8 };
}

/**
 * A frame is rarely square, so the width is measured at the top, middle and bottom. An inside
 * mount hangs within the frame and must clear its tightest point: the narrowest width is ordered
 * (the industry rule). An outside mount covers the frame from the wall and must span its widest
 * point: the widest width is ordered. The one height measured is the length for both mounts.
 */
export function orderingSize(
  window: Pick<PropertyWindow, 'widthTop' | 'widthMiddle' | 'widthBottom' | 'height'>,
  mount: Mount,
): OrderingSize {
  const widths = [window.widthTop, window.widthMiddle, window.widthBottom];
  const width = mount === 'inside' ? Math.min(...widths) : Math.max(...widths);
  return { width: toDimension(width, mount), length: toDimension(window.height, mount) };
}

/** What the customer chooses for the whole set: one product and colour for every window. */
export const windowOrderChoiceSchema = z
  .object({
    family: z.enum(FAMILY_IDS, { error: 'Please choose a product.' }),
    series: z.string().trim().optional(),
    colorCode: z.string().trim().min(1, 'Please choose a color.'),
    mount: z.enum(['inside', 'outside'], { error: 'Please choose inside or outside mount.' }),
  })
  .refine((choice) => !choice.series || (SERIES_IDS[choice.family] as readonly string[]).includes(choice.series), {
    path: ['series'],
    message: 'Please choose a style of this product.',
  });
export type WindowOrderChoice = z.infer<typeof windowOrderChoiceSchema>;

/**
 * The windows one request orders at most: the page sends a larger selection in requests of
 * WINDOW_ORDER_CHUNK, showing its progress; an order holds MAX_ORDER_LINES in all.
 */
export const MAX_WINDOWS_PER_REQUEST = MAX_ORDER_LINES;
export const WINDOW_ORDER_CHUNK = 200;

const windowIdsSchema = z.array(z.string().min(1).max(64)).min(1).max(MAX_WINDOWS_PER_REQUEST);

/** POST /api/properties/{propertyId}/window-orders: optionally one room, optionally some windows. */
export const windowOrderRequestSchema = windowOrderChoiceSchema.and(
  z.object({
    roomName: singleLineText('Room').max(80).optional(),
    windowIds: windowIdsSchema.optional(),
  }),
);
export type WindowOrderRequest = z.infer<typeof windowOrderRequestSchema>;

export interface WindowOrderResult {
  addedCount: number;
  totalCents: number;
  failures: { windowId: string; message: string }[];
}

/**
 * The configuration of one window. The measurement basis is the window: these are the window's
 * own measurements, so the engine deducts 0.5 in from the width of an inside mount (pricing
 * README, "Size made") and makes an outside mount at the size measured.
 */
export function windowConfiguration(
  window: Pick<PropertyWindow, 'widthTop' | 'widthMiddle' | 'widthBottom' | 'height' | 'product'>,
  choice: WindowOrderChoice,
): Configuration {
  const size = orderingSize(window, choice.mount);
  // A window whose schedule names its product is ordered in it; the others in the set's choice.
  const product = window.product ?? {
    family: choice.family,
    series: choice.series || SERIES_IDS[choice.family][0],
    colorCode: choice.colorCode,
  };
  return configurationSchema.parse({
    family: product.family,
    series: product.series,
    width: size.width,
    length: size.length,
    mount: choice.mount,
    measurement: 'window',
    color: product.colorCode,
    quantity: 1,
  });
}

function sameRoom(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The windows of a room (every window without a room name), or all of them, in the order given. */
export function windowsOfRoom<W extends Pick<PropertyWindow, 'roomName'>>(
  windows: readonly W[],
  roomName: string | undefined,
): W[] {
  return roomName ? windows.filter((window) => sameRoom(window.roomName, roomName)) : [...windows];
}

/** A window's room label on its cart line: its building, unit, room and own label, those it has. */
export function roomLabelOf(window: Parameters<typeof windowPlaceOf>[0]): string | null {
  return windowPlaceOf(window) || null;
}

/** The windows' ids in requests of `size`, in the order given: how the page orders a large selection. */
export function inChunks<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** POST /api/properties/{propertyId}/window-reorders: these windows, each as it was last ordered. */
export const windowReorderRequestSchema = z.strictObject({ windowIds: windowIdsSchema });
export type WindowReorderRequest = z.infer<typeof windowReorderRequestSchema>;

export interface WindowReorderResult extends WindowOrderResult {
  /** Windows asked for that no paid order has bought yet: nothing to order again. */
  neverOrdered: string[];
}

export const WINDOW_REORDER_MESSAGES = {
  neverOrdered: 'None of these windows has been ordered before. Use Order windows to choose a product.',
} as const;

/** The toast of a window reorder: 'Added 4 blinds to your cart as last ordered: $512.00.' */
export function windowReorderMessage(result: Pick<WindowOrderResult, 'addedCount' | 'totalCents'>): string {
  const blinds = result.addedCount === 1 ? '1 blind' : `${result.addedCount} blinds`;
  return `Added ${blinds} to your cart as last ordered: ${formatCents(result.totalCents)}.`;
}
