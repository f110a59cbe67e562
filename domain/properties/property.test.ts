import { describe, expect, it } from 'vitest';
import {
  propertyFormSchema,
  propertyInputSchema,
  propertyWindowFormSchema,
  propertyWindowInputSchema,
} from './property';

const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const property = {
  name: 'Oak Street Townhome',
  address1: '12 Oak Street',
  city: 'Plano',
  state: 'TX',
  zipCode: '75024',
  propertyType: 'townhouse',
  totalUnitsCount: 1,
  completedUnitsCount: 0,
};
const window = { roomName: 'Kitchen', label: '', widthTop: 35.375, widthMiddle: 35.5, widthBottom: 35.5, height: 48 };

describe('the property and window schemas of the API', () => {
  it('take JSON numbers', () => {
    expect(propertyInputSchema.parse({ ...property, totalUnitsCount: 40, completedUnitsCount: 12 })).toMatchObject({
      totalUnitsCount: 40,
      completedUnitsCount: 12,
    });
    expect(propertyWindowInputSchema.parse(window)).toMatchObject({ widthTop: 35.375, height: 48 });
  });

  it.each([[true], ['30'], ['0x1E'], ['1e1'], [null], [[30]], [{}]])(
    'refuse %j as a measurement or a unit count, naming the field',
    (value) => {
      expect(messages(propertyWindowInputSchema.safeParse({ ...window, widthTop: value }))).toEqual({
        widthTop: 'Top width must be a number of inches.',
      });
      expect(messages(propertyInputSchema.safeParse({ ...property, totalUnitsCount: value }))).toEqual({
        totalUnitsCount: 'Total units must be a whole number of at least 1.',
      });
    },
  );

  it('refuse control characters in names and addresses, naming the field', () => {
    expect(
      messages(propertyInputSchema.safeParse({ ...property, name: 'Oak\u0000Street', city: 'Plano\r\nBcc: x' })),
    ).toEqual({
      name: 'Property name contains characters that are not allowed.',
      city: 'City contains characters that are not allowed.',
    });
    expect(messages(propertyWindowInputSchema.safeParse({ ...window, label: 'Sink\u202e' }))).toEqual({
      label: 'Window label contains characters that are not allowed.',
    });
  });
});

describe('the property and window forms of the browser', () => {
  it('read whole inches and eighths as the size input holds them, spaces around the inches ignored', () => {
    const typed = {
      ...window,
      widthTop: { inches: ' 35', eighths: 3 },
      widthMiddle: { inches: '35 ', eighths: 4 },
      widthBottom: { inches: '35', eighths: 4 },
      height: { inches: '48', eighths: 0 },
    };
    expect(propertyWindowFormSchema.parse(typed)).toEqual(propertyWindowInputSchema.parse(window));
    expect(propertyFormSchema.parse({ ...property, totalUnitsCount: '40', completedUnitsCount: '12' })).toMatchObject({
      totalUnitsCount: 40,
      completedUnitsCount: 12,
    });
  });

  it("show each field's own message for inches that are not whole (issue 14: '35 1/2' and 35.5 go in as 35 and 1/2)", () => {
    const typed = {
      ...window,
      widthTop: { inches: '35 1/2', eighths: 0 },
      widthMiddle: { inches: '35.5', eighths: 0 },
      widthBottom: { inches: '', eighths: 0 },
      height: { inches: '0x1E', eighths: 0 },
    };
    expect(messages(propertyWindowFormSchema.safeParse(typed))).toEqual({
      widthTop: 'Top width must be whole inches; choose the fraction from the eighths list beside it.',
      widthMiddle: 'Middle width must be whole inches; choose the fraction from the eighths list beside it.',
      widthBottom: 'Bottom width must be greater than 0.',
      height: 'Height must be whole inches; choose the fraction from the eighths list beside it.',
    });
    expect(
      messages(propertyFormSchema.safeParse({ ...property, totalUnitsCount: '1e3', completedUnitsCount: '2.5' })),
    ).toEqual({
      totalUnitsCount: 'Total units must be a whole number of at least 1.',
      completedUnitsCount: 'Completed units must be a whole number.',
    });
  });

  it('read an empty Completed units box as none completed', () => {
    expect(
      propertyFormSchema.parse({ ...property, totalUnitsCount: '3', completedUnitsCount: '' }).completedUnitsCount,
    ).toBe(0);
  });
});
