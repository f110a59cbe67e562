import { describe, expect, it } from 'vitest';
import type { CheckoutLine } from '#domain/checkout/checkout';
import { configurationSchema, defaultConfiguration, type Configuration } from '#domain/pricing/configuration';
import { fitChecksOfLine, type MeasuredWindow } from '#domain/properties/fit-check';
import { fixedConfiguration, questionedLines } from './fit-fix';

const kitchen = (fields: Partial<MeasuredWindow> = {}): MeasuredWindow => ({
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

const inches = (value: number) => ({ inches: Math.floor(value), eighths: Math.round((value % 1) * 8) });

function cartLine(lineId: string, width: number, length: number, fields: Partial<Configuration> = {}): CheckoutLine {
  const configuration = configurationSchema.parse({
    ...defaultConfiguration('faux-wood-blinds', 'printed'),
    color: '253',
    options: { wandTilt: 'right', holdDown: true, spacers: false, cutOut: false },
    width: inches(width),
    length: inches(length),
    quantity: 2,
    ...fields,
  });
  return {
    lineId,
    title: 'Faux Wood Blinds: Printed',
    configuration,
    roomLabel: 'Kitchen',
    quantity: 2,
  } as CheckoutLine;
}

const questioned = (line: CheckoutLine, windows: MeasuredWindow[]) =>
  questionedLines({ lines: [line], fitChecks: fitChecksOfLine(line, windows) })[0]!;

describe("checkout's Fix of a questioned line", () => {
  it('lists only the questioned lines, in the cart order, each with all its findings', () => {
    const lines = [cartLine('a', 35, 60), cartLine('b', 60, 35), cartLine('c', 24, 36, { measurement: 'blind' })];
    const fitChecks = lines.flatMap((line) => fitChecksOfLine(line, [kitchen()]));
    expect(questionedLines({ lines, fitChecks }).map(({ line, checks }) => [line.lineId, checks.length])).toEqual([
      ['b', 1],
    ]);
  });

  it('keeps every choice of a swapped line and gives it the window size', () => {
    const line = cartLine('a', 60, 35);
    expect(fixedConfiguration(questioned(line, [kitchen()]))).toEqual({
      ...line.configuration,
      width: { inches: 35, eighths: 0 },
      length: { inches: 60, eighths: 0 },
    });
  });

  it('gives a line too far from its window the window size, and a frame out of square an outside mount over its widest width', () => {
    expect(fixedConfiguration(questioned(cartLine('a', 29.5, 60), [kitchen()]))).toMatchObject({
      width: { inches: 35, eighths: 0 },
      mount: 'inside',
    });
    const skewed = kitchen({ widthTop: 35, widthMiddle: 34.5, widthBottom: 35.25 });
    expect(fixedConfiguration(questioned(cartLine('a', 34.5, 60), [skewed]))).toMatchObject({
      width: { inches: 35, eighths: 2 },
      length: { inches: 60, eighths: 0 },
      mount: 'outside',
    });
  });
});
