/**
 * The quantity a line may have, apart from the configuration's schema so that the configurator's
 * quantity box does not bring zod into a product page's first load (decision 0026).
 */
import { groupThousands } from '../thousands';

/** Keeps every total exact in integer cents, far above any order a property manager places. */
export const MAX_QUANTITY = 9999;

export const QUANTITY_MESSAGE = `The quantity must be a whole number from 1 to ${groupThousands(MAX_QUANTITY)}.`;
