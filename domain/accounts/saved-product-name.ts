/**
 * The name a saved blind is offered, apart from the saved product's schemas so that the product
 * page's Save Configuration does not bring zod into its first load (decision 0026).
 */
import { formatSize } from '../cart/line';
import { FAMILIES } from '../catalogue/families';
import type { Configuration } from '../pricing/configuration';

/** 'Faux Wood Blinds' → 'Faux Wood Blind': the type a single saved blind is named after. */
function singularTypeName(configuration: Configuration): string {
  return FAMILIES[configuration.family].name.replace(/s$/, '');
}

/** The Save Configuration dialog's suggestion, from type and size: 'Faux Wood Blind 35 3/8" x 60"'. */
export function defaultSavedProductName(configuration: Configuration): string {
  return `${singularTypeName(configuration)} ${formatSize(configuration.width)} x ${formatSize(configuration.length)}`;
}
