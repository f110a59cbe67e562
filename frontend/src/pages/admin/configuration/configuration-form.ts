/** The configuration form's values, the new client's, and where each field sits among the form's tabs. */
import { ACCOUNT_TYPES, type AccountType } from '#domain/accounts/client';
import {
  DEFAULT_CLIENT_ACCOUNT_TYPE,
  urlRulesForSite,
  type BuyerSystem,
  type ConfigurationView,
  type ReturnField,
} from '#domain/punchout/configuration';

export type FormTab = 'client' | 'security' | 'advanced';

export const EMPTY_CONFIGURATION = {
  clientId: '',
  propertyName: '',
  accountNumber: '',
  identity: '',
  active: true,
  acceptsDocumentsWithoutSecret: false,
  dunsNumber: '',
  networkId: '',
  senderIdentity: '',
  buyerSystem: 'RealPage' as BuyerSystem,
  catalogUrl: '',
  punchoutUrl: '',
  invoiceUrl: '',
  returnField: 'cxml-urlencoded' as ReturnField,
  attributeLines: true,
  allowBackorders: false,
  defaultAvailability: true,
  pricingRules: '',
};
export type ConfigurationValues = typeof EMPTY_CONFIGURATION;

/** The configuration's fields typed as text. */
export type ConfigurationTextField =
  | 'propertyName'
  | 'accountNumber'
  | 'identity'
  | 'dunsNumber'
  | 'networkId'
  | 'senderIdentity'
  | 'catalogUrl'
  | 'punchoutUrl'
  | 'invoiceUrl';

export const EMPTY_CLIENT = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  accountType: DEFAULT_CLIENT_ACCOUNT_TYPE as AccountType,
  password: '',
};
export type ClientValues = typeof EMPTY_CLIENT;

/** A client made here buys through a procurement system: never a staff account. */
export const CLIENT_ACCOUNT_TYPES = ACCOUNT_TYPES.filter((type) => type !== 'admin');

/** Which tab holds each field, so that a refused save opens the tab of its first message. */
export const FIELD_TABS: Record<string, FormTab> = {
  clientId: 'client',
  firstName: 'client',
  lastName: 'client',
  email: 'client',
  phone: 'client',
  accountType: 'client',
  password: 'client',
  accountNumber: 'client',
  propertyName: 'client',
  identity: 'client',
  sharedSecret: 'security',
  acceptsDocumentsWithoutSecret: 'security',
  dunsNumber: 'security',
  networkId: 'security',
  senderIdentity: 'security',
  buyerSystem: 'advanced',
  catalogUrl: 'advanced',
  punchoutUrl: 'advanced',
  invoiceUrl: 'advanced',
  returnField: 'advanced',
  pricingRules: 'advanced',
};
/** The fields in page order: the save's messages come in this order (client, account number, property name, identity). */
export const FIELD_ORDER = Object.keys(FIELD_TABS);

export function valuesOf(configuration: ConfigurationView): ConfigurationValues {
  const text = (value: string | null) => value ?? '';
  return {
    ...configuration,
    dunsNumber: text(configuration.dunsNumber),
    networkId: text(configuration.networkId),
    senderIdentity: text(configuration.senderIdentity),
    catalogUrl: text(configuration.catalogUrl),
    punchoutUrl: text(configuration.punchoutUrl),
    invoiceUrl: text(configuration.invoiceUrl),
    pricingRules: Object.keys(configuration.pricingRules).length
      ? JSON.stringify(configuration.pricingRules, null, 2)
      : '',
  };
}

/** The server's rule for the site it serves (plain http on this machine only); the browser was served from that site. */
export const urlRules = urlRulesForSite(window.location.origin);

export function reasonOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Unknown error';
}
