import { describe, expect, it } from 'vitest';
import {
  fitChecks,
  fitChecksOfLine,
  swappedSizeWindow,
  unconfirmedFitLines,
  windowsOfRoom,
  type FitCheckKind,
  type MeasuredWindow,
} from './fit-check';

const window = (fields: Partial<MeasuredWindow> = {}): MeasuredWindow => ({
  id: 'w1',
  building: '',
  unit: '',
  roomName: 'Kitchen',
  label: '',
  widthTop: 35,
  widthMiddle: 35,
  widthBottom: 35,
  height: 60,
  ...fields,
});

/** Inches as whole inches and eighths: 35.25 → 35 2/8. */
const dim = (inches: number) => ({ inches: Math.floor(inches), eighths: Math.round((inches % 1) * 8) });

const line = (width: number, length: number, fields: Record<string, unknown> = {}) => ({
  lineId: 'line-1',
  roomLabel: 'Kitchen',
  ...fields,
  configuration: {
    width: dim(width),
    length: dim(length),
    mount: 'inside' as const,
    measurement: 'window' as const,
    ...((fields.configuration as object) ?? {}),
  },
});

describe('fit checks of a cart line against the measured windows of its room', () => {
  it.each<[string, ReturnType<typeof line>, MeasuredWindow[], FitCheckKind[]]>([
    ['the size as measured', line(35, 60), [window()], []],
    ['within 1/4" in width and height', line(35.25, 59.75), [window()], []],
    ['width 3/8" off', line(35.375, 60), [window()], ['sizeDiffers']],
    ['height 3/8" off', line(35, 60.375), [window()], ['sizeDiffers']],
    [
      '29 1/2 typed for 39 1/2',
      line(29.5, 60),
      [window({ widthTop: 39.5, widthMiddle: 39.5, widthBottom: 39.5 })],
      ['sizeDiffers'],
    ],
    ['width and height swapped', line(60, 35), [window()], ['swapped']],
    ['swapped within 1/4"', line(59.875, 35.25), [window()], ['swapped']],
    [
      'a square window is never swapped',
      line(40, 40),
      [window({ widthTop: 40, widthMiddle: 40, widthBottom: 40, height: 40 })],
      [],
    ],
    [
      'any width between the narrowest and widest measured',
      line(35.5, 60, { configuration: { mount: 'outside' } }),
      [window({ widthMiddle: 36 })],
      [],
    ],
    [
      'frame out of square, inside mount',
      line(35, 60),
      [window({ widthTop: 35, widthMiddle: 35.375, widthBottom: 35.5 })],
      ['outOfSquare'],
    ],
    ['frame out of square by exactly 1/4"', line(35, 60), [window({ widthBottom: 35.25 })], []],
    [
      'frame out of square, outside mount',
      line(35, 60, { configuration: { mount: 'outside' } }),
      [window({ widthBottom: 36 })],
      [],
    ],
    ['swapped and out of square', line(60, 35), [window({ widthBottom: 36 })], ['swapped', 'outOfSquare']],
    [
      'a blind size is not a window measurement',
      line(60, 35, { configuration: { measurement: 'blind' } }),
      [window()],
      [],
    ],
    ['no room named', line(60, 35, { roomLabel: null }), [window()], []],
    ['a room with no measured window', line(60, 35, { roomLabel: 'Den' }), [window()], []],
    [
      'another window of the room fits',
      line(24, 36),
      [window(), window({ id: 'w2', widthTop: 24, widthMiddle: 24, widthBottom: 24, height: 36 })],
      [],
    ],
  ])('%s', (_, cartLine, windows, kinds) => {
    expect(fitChecksOfLine(cartLine, windows).map((check) => check.kind)).toEqual(kinds);
  });

  it('shows the two sizes side by side, the window at its narrowest width for an inside mount', () => {
    const [check] = fitChecksOfLine(line(60, 35.5), [
      window({ widthTop: 35.125, widthMiddle: 35, widthBottom: 35.25 }),
    ]);
    expect(check).toMatchObject({
      kind: 'swapped',
      windowId: 'w1',
      place: 'Kitchen',
      lineSize: { width: { inches: 60, eighths: 0 }, length: { inches: 35, eighths: 4 } },
      windowSize: { width: { inches: 35, eighths: 0 }, length: { inches: 60, eighths: 0 } },
      message:
        'Did you swap width and height? This blind is 60" W x 35 1/2" H; the window you measured is 35" W x 60" H.',
    });
  });

  it('compares a size that fits no window with the nearest one, and says what an out-of-square frame asks', () => {
    const windows = [window(), window({ id: 'w2', widthTop: 48, widthMiddle: 48.5, widthBottom: 48.25, height: 60 })];
    const checks = fitChecksOfLine(line(47, 60), windows);
    expect(checks.map((check) => [check.kind, check.windowId])).toEqual([
      ['sizeDiffers', 'w2'],
      ['outOfSquare', 'w2'],
    ]);
    expect(checks[0]!.message).toBe(
      'This blind is 47" W x 60" H, but the window you measured is 48" W x 60" H: more than 1/4" apart.',
    );
    expect(checks[1]!.message).toBe(
      `The window's widths differ by more than 1/4" (top 48", middle 48 1/2", bottom 48 1/4"): an inside-mounted blind may not fit. We suggest an outside mount.`,
    );
  });

  it('finds a room by the window’s whole place or its room alone, whatever the case and spacing', () => {
    const upstairs = window({ building: 'B', unit: '2A', roomName: 'Master  Bedroom', label: 'Left' });
    expect(windowsOfRoom('b - 2a - master bedroom - left', [upstairs])).toEqual([upstairs]);
    expect(windowsOfRoom(' Master Bedroom ', [upstairs])).toEqual([upstairs]);
    expect(windowsOfRoom('Bedroom', [upstairs])).toEqual([]);
  });

  it('lists the lines the customer has yet to fix or confirm', () => {
    const checks = fitChecks(
      [line(60, 35), line(35, 60, { lineId: 'line-2' }), line(36, 60, { lineId: 'line-3' })],
      [window()],
    );
    expect(checks.map((check) => check.lineId)).toEqual(['line-1', 'line-3']);
    expect(unconfirmedFitLines(checks, [])).toEqual(['line-1', 'line-3']);
    expect(unconfirmedFitLines(checks, ['line-3'])).toEqual(['line-1']);
  });
});

describe('the configurator’s swap question', () => {
  const windows = [window(), window({ id: 'w2', widthTop: 24, widthMiddle: 24, widthBottom: 24, height: 36 })];
  it.each<[string, number, number, string | null]>([
    ['a size swapped against a saved window', 60, 35, 'w1'],
    ['within 1/4" of it, swapped', 59.75, 35.25, 'w1'],
    ['3/8" off', 59.625, 35, null],
    ['the size as saved', 35, 60, null],
    ['another window swapped', 36, 24, 'w2'],
  ])('%s', (_, width, length, windowId) => {
    expect(swappedSizeWindow({ width: dim(width), length: dim(length) }, windows)?.id ?? null).toBe(windowId);
  });

  it('asks nothing while a size is incomplete, or when a saved window has the size as typed', () => {
    expect(swappedSizeWindow({ width: null, length: dim(35) }, windows)).toBeNull();
    const square = [window(), window({ id: 'w3', widthTop: 60, widthMiddle: 60, widthBottom: 60, height: 35 })];
    expect(swappedSizeWindow({ width: dim(60), length: dim(35) }, square)).toBeNull();
  });
});
