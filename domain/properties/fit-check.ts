/**
 * Will it fit? (issue 29): a cart's blinds checked against the windows the customer measured, the
 * commonest causes of a remake: a size that differs from the window of the same room by more than
 * 1/4" (a 29 1/2 typed for 39 1/2), width and height swapped, and an inside mount chosen for a frame
 * out of square. Pure; the checkout quote lists what it finds, and the configurator asks about a
 * swapped size. Only sizes given as the window's measurement are checked: a blind size differs from
 * the window by design (an outside mount's overlap, a maker's deduction).
 */
import { formatSize } from '../cart/line';
import type { CheckoutQuote } from '../checkout/checkout';
import type { Configuration } from '../pricing/configuration';
import { toEighths, type Dimension } from '../pricing/dimensions';
import { windowPlaceOf, type PropertyWindow } from './property';
import { orderingSize } from './window-order';

/** 1/4", in eighths: what a tape measure read twice may differ by, and what a blind's fit tolerates. */
export const FIT_TOLERANCE_EIGHTHS = 2;

export const FIT_CHECK_KINDS = ['sizeDiffers', 'swapped', 'outOfSquare'] as const;
export type FitCheckKind = (typeof FIT_CHECK_KINDS)[number];

/** What a confirmed line carries to staff (the order line's note, shown in admin). */
export const FIT_CONFIRMED_NOTE = 'measure check: confirmed by customer';

export const SWAP_QUESTION = 'Did you swap width and height?';

export const FIT_CHECK_MESSAGES = {
  unconfirmed: 'Please fix or confirm each size the measure check lists before paying.',
} as const;

export type MeasuredWindow = Pick<
  PropertyWindow,
  'id' | 'building' | 'unit' | 'roomName' | 'label' | 'widthTop' | 'widthMiddle' | 'widthBottom' | 'height'
>;

/** A window's sizes alone: what the configurator's question needs (GET /api/properties/window-sizes). */
export type WindowSizes = Pick<MeasuredWindow, 'widthTop' | 'widthMiddle' | 'widthBottom' | 'height'>;

export interface FitCheckLine {
  lineId: string;
  configuration: Pick<Configuration, 'width' | 'length' | 'mount' | 'measurement'>;
  roomLabel: string | null;
}

export interface SizePair {
  width: Dimension;
  length: Dimension;
}

/** One thing the check found on a line: the line's size and the window's side by side, and what to do. */
export interface FitCheck {
  lineId: string;
  kind: FitCheckKind;
  windowId: string;
  /** The window's place (building, unit, room, label), as the line's room names it. */
  place: string;
  lineSize: SizePair;
  /** The window's size for the line's mount: its narrowest width inside the frame, its widest outside. */
  windowSize: SizePair;
  /** The three widths measured, top, middle and bottom. */
  windowWidths: [Dimension, Dimension, Dimension];
  message: string;
}

const normalized = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** The windows a line's room names: by the window's whole place, or by its room alone. */
export function windowsOfRoom(roomLabel: string | null, windows: readonly MeasuredWindow[]): MeasuredWindow[] {
  if (!roomLabel || !normalized(roomLabel)) return [];
  const room = normalized(roomLabel);
  return windows.filter(
    (window) => normalized(windowPlaceOf(window)) === room || (window.roomName && normalized(window.roomName) === room),
  );
}

const eighthsOf = (inches: number) => Math.round(inches * 8);
const dimensionOf = (eighths: number): Dimension => ({ inches: Math.floor(eighths / 8), eighths: eighths % 8 });

interface WindowSpan {
  narrowest: number;
  widest: number;
  height: number;
}

function spanOf(window: WindowSizes): WindowSpan {
  const widths = [window.widthTop, window.widthMiddle, window.widthBottom].map(eighthsOf);
  return { narrowest: Math.min(...widths), widest: Math.max(...widths), height: eighthsOf(window.height) };
}

/** How far a width is from the widths measured: 0 anywhere between the narrowest and the widest. */
const widthOff = (width: number, span: WindowSpan) => Math.max(0, span.narrowest - width, width - span.widest);

/** Whether a width and height are within 1/4" of the window's. */
function fits(width: number, height: number, span: WindowSpan): boolean {
  return widthOff(width, span) <= FIT_TOLERANCE_EIGHTHS && Math.abs(height - span.height) <= FIT_TOLERANCE_EIGHTHS;
}

/** A frame whose three widths differ by more than 1/4" is out of square. */
export function outOfSquare(window: MeasuredWindow): boolean {
  const span = spanOf(window);
  return span.widest - span.narrowest > FIT_TOLERANCE_EIGHTHS;
}

const sizeText = (size: SizePair) => `${formatSize(size.width)} W x ${formatSize(size.length)} H`;

/** The checks of one line against the measured windows of its room (none for a line the rules do not cover). */
export function fitChecksOfLine(line: FitCheckLine, windows: readonly MeasuredWindow[]): FitCheck[] {
  const { width, length, mount, measurement } = line.configuration;
  if (measurement !== 'window' || !width || !length) return [];
  const room = windowsOfRoom(line.roomLabel, windows);
  if (room.length === 0) return [];
  const lineWidth = toEighths(width);
  const lineHeight = toEighths(length);
  const lineSize = { width, length };

  const found = (kind: FitCheckKind, window: MeasuredWindow, message: (windowSize: SizePair) => string): FitCheck => {
    const windowSize = orderingSize(window, mount);
    return {
      lineId: line.lineId,
      kind,
      windowId: window.id,
      place: windowPlaceOf(window),
      lineSize,
      windowSize,
      windowWidths: [window.widthTop, window.widthMiddle, window.widthBottom].map((inches) =>
        dimensionOf(eighthsOf(inches)),
      ) as FitCheck['windowWidths'],
      message: message(windowSize),
    };
  };
  const squareCheck = (window: MeasuredWindow): FitCheck[] =>
    mount === 'inside' && outOfSquare(window)
      ? [
          found('outOfSquare', window, () => {
            const [top, middle, bottom] = [window.widthTop, window.widthMiddle, window.widthBottom].map((inches) =>
              formatSize(dimensionOf(eighthsOf(inches))),
            );
            return `The window's widths differ by more than 1/4" (top ${top}, middle ${middle}, bottom ${bottom}): an inside-mounted blind may not fit. We suggest an outside mount.`;
          }),
        ]
      : [];

  const matching = room.find((window) => fits(lineWidth, lineHeight, spanOf(window)));
  if (matching) return squareCheck(matching);
  const swapped = room.find((window) => fits(lineHeight, lineWidth, spanOf(window)));
  if (swapped)
    return [
      found(
        'swapped',
        swapped,
        (windowSize) =>
          `${SWAP_QUESTION} This blind is ${sizeText(lineSize)}; the window you measured is ${sizeText(windowSize)}.`,
      ),
      ...squareCheck(swapped),
    ];
  const offBy = (window: MeasuredWindow) => {
    const span = spanOf(window);
    return widthOff(lineWidth, span) + Math.abs(lineHeight - span.height);
  };
  const nearest = room.reduce((best, window) => (offBy(window) < offBy(best) ? window : best));
  return [
    found(
      'sizeDiffers',
      nearest,
      (windowSize) =>
        `This blind is ${sizeText(lineSize)}, but the window you measured is ${sizeText(windowSize)}: more than 1/4" apart.`,
    ),
    ...squareCheck(nearest),
  ];
}

/** Every line's checks, in the lines' order. */
export function fitChecks(lines: readonly FitCheckLine[], windows: readonly MeasuredWindow[]): FitCheck[] {
  return lines.flatMap((line) => fitChecksOfLine(line, windows));
}

/** The lines whose checks the customer has not confirmed: what stands between the cart and paying. */
export function unconfirmedFitLines(checks: readonly FitCheck[], confirmedLineIds: readonly string[]): string[] {
  const confirmed = new Set(confirmedLineIds);
  return [...new Set(checks.map((check) => check.lineId))].filter((lineId) => !confirmed.has(lineId));
}

/**
 * The configurator's question: a saved window whose height and width the size's width and length
 * each come within 1/4" of, swapped, when no saved window matches the size as typed; else null.
 */
export function swappedSizeWindow<W extends WindowSizes>(
  size: { width: Dimension | null; length: Dimension | null },
  windows: readonly W[],
): W | null {
  if (!size.width || !size.length) return null;
  const width = toEighths(size.width);
  const length = toEighths(size.length);
  if (windows.some((window) => fits(width, length, spanOf(window)))) return null;
  return windows.find((window) => fits(length, width, spanOf(window))) ?? null;
}

/** The checkout quote's answer: the figures, and each cart line the measure check questions. */
export type CheckoutQuoteWithFitChecks = CheckoutQuote & { fitChecks: FitCheck[] };
