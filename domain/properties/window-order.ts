/**
 * Ordering a property's measured windows: which size of each window is ordered, the configuration
 * the pricing engine prices, and the texts the customer sees.
 */
import * as z from 'zod';
import { FAMILIES, FAMILY_IDS, SERIES_IDS, type FamilyId } from '../catalogue/families';
import { configurationSchema, type Configuration } from '../pricing/configuration';
import type { Dimension } from '../pricing/dimensions';
import { formatCents } from '../pricing/money';
import { singleLineText } from '../text';
import type { PropertyWindow } from './property';

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

/** POST /api/properties/{propertyId}/window-orders: optionally one room, optionally some windows. */
export const windowOrderRequestSchema = windowOrderChoiceSchema.and(
  z.object({
    roomName: singleLineText('Room').max(80).optional(),
    windowIds: z.array(z.string().min(1)).min(1).max(500).optional(),
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
export function windowConfiguration(window: PropertyWindow, choice: WindowOrderChoice): Configuration {
  const size = orderingSize(window, choice.mount);
  return configurationSchema.parse({
    family: choice.family,
    series: choice.series || SERIES_IDS[choice.family][0],
    width: size.width,
    length: size.length,
    mount: choice.mount,
    measurement: 'window',
    color: choice.colorCode,
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

/** A window's room label on its cart line: the room, and the window's own label when it has one. */
export function roomLabelOf(window: Pick<PropertyWindow, 'roomName' | 'label'>): string | null {
  return [window.roomName, window.label].filter((part) => part !== '').join(' - ') || null;
}
