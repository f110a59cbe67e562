import * as z from 'zod';
import { FAMILY_IDS, SERIES_IDS, findColor } from '../catalogue/families';
import { configurationSchema } from '../pricing/configuration';
import { typedNumber } from '../number-text';
import { singleLineText } from '../text';

/**
 * A client's property: where the windows are. The first property a client has is their default one.
 */
export const PROPERTY_TYPES = [
  'single-family',
  'condo',
  'townhouse',
  'multi-family',
  'apartment',
  'commercial',
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const PROPERTY_STATUSES = ['active', 'inactive'] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

export type WorkflowType = 'simple' | 'complex';

const SIMPLE_WORKFLOW_TYPES: readonly PropertyType[] = ['single-family', 'condo', 'townhouse'];

/** A property's workflow: simple for single-family, condo and townhouse, otherwise complex. */
export function workflowTypeFor(propertyType: PropertyType): WorkflowType {
  return SIMPLE_WORKFLOW_TYPES.includes(propertyType) ? 'simple' : 'complex';
}

const TOTAL_UNITS_MESSAGE = 'Total units must be a whole number of at least 1.';
const COMPLETED_UNITS_MESSAGE = 'Completed units must be a whole number.';
const totalUnitsCount = z
  .number({ error: TOTAL_UNITS_MESSAGE })
  .int(TOTAL_UNITS_MESSAGE)
  .min(1, TOTAL_UNITS_MESSAGE)
  .max(100_000);
const completedUnitsCount = z
  .number({ error: COMPLETED_UNITS_MESSAGE })
  .int(COMPLETED_UNITS_MESSAGE)
  .min(0, COMPLETED_UNITS_MESSAGE)
  .max(100_000);

const propertyFields = {
  name: singleLineText('Property name').min(1, 'Please enter a property name.').max(120),
  address1: singleLineText('Street address').min(1, 'Please enter the street address.').max(200),
  address2: singleLineText('Address line 2').max(200).default(''),
  city: singleLineText('City').min(1, 'Please enter the city.').max(100),
  state: singleLineText('State').min(1, 'Please enter the state.').max(50),
  zipCode: singleLineText('ZIP code').min(1, 'Please enter the ZIP code.').max(10),
  propertyType: z.enum(PROPERTY_TYPES, { error: 'Please choose a property type.' }),
  isCommercial: z.boolean().default(false),
  propertyStatus: z.enum(PROPERTY_STATUSES).default('active'),
};

const completedWithinTotal = (p: { totalUnitsCount: number; completedUnitsCount: number }) =>
  p.completedUnitsCount <= p.totalUnitsCount;
const COMPLETED_ABOVE_TOTAL = { path: ['completedUnitsCount'], message: 'Completed units cannot exceed total units.' };

/** What a client enters for a property; the workflow type follows from the property type. The unit counts are JSON numbers. */
export const propertyInputSchema = z
  .object({ ...propertyFields, totalUnitsCount, completedUnitsCount })
  .refine(completedWithinTotal, COMPLETED_ABOVE_TOTAL);
export type PropertyInput = z.infer<typeof propertyInputSchema>;

/** The Add/Edit Property form: the same rules over the unit counts as typed in their boxes. */
export const propertyFormSchema = z
  .object({
    ...propertyFields,
    totalUnitsCount: typedNumber.pipe(totalUnitsCount),
    completedUnitsCount: typedNumber.pipe(completedUnitsCount),
  })
  .refine(completedWithinTotal, COMPLETED_ABOVE_TOTAL);

export interface Property extends PropertyInput {
  id: string;
  clientId: string;
  workflowType: WorkflowType;
  createdAt: string;
  updatedAt: string;
}

export function propertyFrom(input: PropertyInput, ids: { id: string; clientId: string }, now: string): Property {
  return { ...input, ...ids, workflowType: workflowTypeFor(input.propertyType), createdAt: now, updatedAt: now };
}

/** Sign-up gives every client this property, with placeholder address values to be filled in later. */
export const MAIN_RESIDENCE: PropertyInput = {
  name: 'Main Residence',
  address1: 'Address to be updated',
  address2: '',
  city: 'City',
  state: 'State',
  zipCode: '00000',
  propertyType: 'single-family',
  isCommercial: false,
  totalUnitsCount: 1,
  completedUnitsCount: 0,
  propertyStatus: 'active',
};

/** Made when a client who has no property needs one (to book a measurement or pick a room). */
export const DEFAULT_PROPERTY: PropertyInput = { ...MAIN_RESIDENCE, name: 'Default Property' };

/** The default property: the one the client has had longest. */
export function defaultPropertyOf<P extends Pick<Property, 'createdAt' | 'id'>>(
  properties: readonly P[],
): P | undefined {
  return [...properties].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))[0];
}

export const roomInputSchema = z.object({
  name: singleLineText('Room name').min(1, 'Please enter a room name.').max(80),
});

export interface Room {
  id: string;
  propertyId: string;
  name: string;
}

/**
 * A window measured at a property: widths at the top, middle and bottom (a frame is rarely square)
 * and the height, in inches, optionally in a named room. The API takes JSON numbers.
 */
const inches = (label: string) =>
  z
    .number({ error: `${label} must be a number of inches.` })
    .positive(`${label} must be greater than 0.`)
    .max(240, `${label} must be at most 240 inches.`)
    // Blinds are made to the eighth of an inch: a finer measurement could not be ordered as taken.
    .refine((value) => Number.isInteger(value * 8), `${label} must be in eighths of an inch (e.g. 35.375 for 35 3/8).`);

const measurements = {
  widthTop: inches('Top width'),
  widthMiddle: inches('Middle width'),
  widthBottom: inches('Bottom width'),
  height: inches('Height'),
};
/** Where a window is: a multi-family property's building and unit, then the room; all optional. */
const WINDOW_NAME_MAX_LENGTHS = { building: 40, unit: 40, roomName: 80, label: 80 } as const;
const windowNames = {
  building: singleLineText('Building').max(WINDOW_NAME_MAX_LENGTHS.building).default(''),
  unit: singleLineText('Unit').max(WINDOW_NAME_MAX_LENGTHS.unit).default(''),
  roomName: singleLineText('Room').max(WINDOW_NAME_MAX_LENGTHS.roomName).default(''),
  label: singleLineText('Window label').max(WINDOW_NAME_MAX_LENGTHS.label).default(''),
};

/**
 * The product a window's schedule names for it (a spreadsheet's product and colour columns): its
 * window order uses it instead of the product chosen for the whole set.
 */
export const windowProductSchema = z
  .object({
    family: z.enum(FAMILY_IDS, { error: 'Please choose a product.' }),
    series: z.string(),
    colorCode: z.string().min(1, 'Please choose a color.'),
  })
  .refine((product) => (SERIES_IDS[product.family] as readonly string[]).includes(product.series), {
    path: ['series'],
    message: 'Please choose a style of this product.',
  })
  .refine((product) => findColor(product.family, product.series, product.colorCode) !== undefined, {
    path: ['colorCode'],
    message: 'Please choose a color of this product.',
  });
export type WindowProduct = z.infer<typeof windowProductSchema>;

export const propertyWindowInputSchema = z.object({
  ...windowNames,
  ...measurements,
  product: windowProductSchema.nullable().default(null),
});
export type PropertyWindowInput = z.infer<typeof propertyWindowInputSchema>;

/**
 * A measurement as the site's size input holds it: whole inches typed (empty reads as 0, so a
 * required measurement says it must be more than 0) and eighths from the dropdown, to inches.
 * Issues are the field's own, so the form shows them under it.
 */
const typedMeasurement = (label: string) =>
  z
    .object(
      { inches: z.string(), eighths: z.number().int().min(0).max(7) },
      { error: `${label} must be a number of inches.` },
    )
    .transform(({ inches, eighths }, context) => {
      const text = inches.trim();
      if (text === '') return eighths / 8;
      if (/^\d+$/.test(text)) return Number(text) + eighths / 8;
      context.addIssue({
        code: 'custom',
        message: `${label} must be whole inches; choose the fraction from the eighths list beside it.`,
      });
      return z.NEVER;
    })
    .pipe(inches(label));

/** The Add/Edit Window form: whole inches plus eighths, as every size is entered, to the API's numbers. */
export const propertyWindowFormSchema = z.object({
  ...windowNames,
  product: windowProductSchema.nullable().default(null),
  widthTop: typedMeasurement('Top width'),
  widthMiddle: typedMeasurement('Middle width'),
  widthBottom: typedMeasurement('Bottom width'),
  height: typedMeasurement('Height'),
});

/**
 * What a window was last ordered with: the configuration of its blind in the last paid order whose
 * line came from this window (recorded on OrderPaid), for "Order again" at unit turnover.
 */
export const windowLastOrderSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  paidAt: z.iso.datetime(),
  configuration: configurationSchema,
  roomLabel: z.string().nullable(),
});
export type WindowLastOrder = z.infer<typeof windowLastOrderSchema>;

export interface PropertyWindow extends PropertyWindowInput {
  id: string;
  propertyId: string;
  createdAt: string;
  updatedAt: string;
  /** Absent until an order of it is paid. */
  lastOrder?: WindowLastOrder;
}

const WINDOW_PLACE_SEPARATOR = ' - ';

/** The longest place windowPlaceOf can make: every name at its longest. */
export const WINDOW_PLACE_MAX_LENGTH =
  Object.values(WINDOW_NAME_MAX_LENGTHS).reduce((sum, length) => sum + length, 0) + 3 * WINDOW_PLACE_SEPARATOR.length;

/**
 * Where a window is, as the page and a cart line name it: building, unit, room and label, those
 * given (windows measured before buildings and units have neither).
 */
export function windowPlaceOf(
  window: Partial<Pick<PropertyWindow, 'building' | 'unit'>> & Pick<PropertyWindow, 'roomName' | 'label'>,
): string {
  return [window.building, window.unit, window.roomName, window.label].filter(Boolean).join(WINDOW_PLACE_SEPARATOR);
}
