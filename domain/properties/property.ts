import { z } from 'zod';

/**
 * A client's property (accounts spec section 3 "properties", storefront section 3 and 9): where
 * the windows are. The first property a client has is their default one.
 */
export const PROPERTY_TYPES = ['single-family', 'condo', 'townhouse', 'multi-family', 'apartment', 'commercial'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const PROPERTY_STATUSES = ['active', 'inactive'] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

export type WorkflowType = 'simple' | 'complex';

const SIMPLE_WORKFLOW_TYPES: readonly PropertyType[] = ['single-family', 'condo', 'townhouse'];

/** Storefront section 9: simple for single-family, condo and townhouse, otherwise complex. */
export function workflowTypeFor(propertyType: PropertyType): WorkflowType {
  return SIMPLE_WORKFLOW_TYPES.includes(propertyType) ? 'simple' : 'complex';
}

/** What a client enters for a property; the workflow type follows from the property type. */
export const propertyInputSchema = z
  .object({
    name: z.string().trim().min(1, 'Please enter a property name.').max(120),
    address1: z.string().trim().min(1, 'Please enter the street address.').max(200),
    address2: z.string().trim().max(200).default(''),
    city: z.string().trim().min(1, 'Please enter the city.').max(100),
    state: z.string().trim().min(1, 'Please enter the state.').max(50),
    zipCode: z.string().trim().min(1, 'Please enter the ZIP code.').max(10),
    propertyType: z.enum(PROPERTY_TYPES, { error: 'Please choose a property type.' }),
    isCommercial: z.boolean().default(false),
    totalUnitsCount: z.coerce.number({ error: 'Total units must be a whole number of at least 1.' }).int().min(1, 'Total units must be a whole number of at least 1.').max(100_000),
    completedUnitsCount: z.coerce.number({ error: 'Completed units must be a whole number.' }).int().min(0, 'Completed units must be a whole number.').max(100_000),
    propertyStatus: z.enum(PROPERTY_STATUSES).default('active'),
  })
  .refine((p) => p.completedUnitsCount <= p.totalUnitsCount, {
    path: ['completedUnitsCount'],
    message: 'Completed units cannot exceed total units.',
  });
export type PropertyInput = z.infer<typeof propertyInputSchema>;

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

/** Sign-up gives every client this property, with placeholder address values (accounts spec section 3). */
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

/** Made when a client who has no property needs one (storefront section 9). */
export const DEFAULT_PROPERTY: PropertyInput = { ...MAIN_RESIDENCE, name: 'Default Property' };

/** The default property: the one the client has had longest. */
export function defaultPropertyOf<P extends Pick<Property, 'createdAt' | 'id'>>(properties: readonly P[]): P | undefined {
  return [...properties].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))[0];
}

export const roomInputSchema = z.object({
  name: z.string().trim().min(1, 'Please enter a room name.').max(80),
});

export interface Room {
  id: string;
  propertyId: string;
  name: string;
}

/**
 * A window measured at a property: widths at the top, middle and bottom (a frame is rarely square)
 * and the height, in inches, optionally in a named room.
 */
const inches = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number of inches.` })
    .positive(`${label} must be greater than 0.`)
    .max(240, `${label} must be at most 240 inches.`)
    // Blinds are made to the eighth of an inch: a finer measurement could not be ordered as taken.
    .refine((value) => Number.isInteger(value * 8), `${label} must be in eighths of an inch (e.g. 35.375 for 35 3/8).`);

export const propertyWindowInputSchema = z.object({
  roomName: z.string().trim().max(80).default(''),
  label: z.string().trim().max(80).default(''),
  widthTop: inches('Top width'),
  widthMiddle: inches('Middle width'),
  widthBottom: inches('Bottom width'),
  height: inches('Height'),
});
export type PropertyWindowInput = z.infer<typeof propertyWindowInputSchema>;

export interface PropertyWindow extends PropertyWindowInput {
  id: string;
  propertyId: string;
  createdAt: string;
  updatedAt: string;
}
