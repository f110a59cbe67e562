import * as z from 'zod';
import { singleLineText } from '../text';

/**
 * A client of the shop: one per Cognito user, whose `sub` is the client id. Sign-up makes a
 * residential client; staff and the partner flow make the others.
 */
export const ACCOUNT_TYPES = ['residential', 'commercial', 'admin', 'realpage', 'individual'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const SIGN_UP_ACCOUNT_TYPE: AccountType = 'residential';

/** The six switches of the Notification Preferences tab. */
export const notificationPreferencesSchema = z.object({
  emailOrders: z.boolean(),
  emailPromotions: z.boolean(),
  emailShipping: z.boolean(),
  textOrders: z.boolean(),
  textPromotions: z.boolean(),
  textShipping: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** What a new client receives: mail about their orders and shipping, nothing promotional, no texts. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  emailOrders: true,
  emailPromotions: false,
  emailShipping: true,
  textOrders: false,
  textPromotions: false,
  textShipping: false,
};

/** The Address Information tab; address2 is optional. */
export const clientAddressSchema = z.object({
  address1: singleLineText('Street address').min(1, 'Please enter your street address.').max(200),
  address2: singleLineText('Address line 2').max(200).default(''),
  city: singleLineText('City').min(1, 'Please enter your city.').max(100),
  state: singleLineText('State').min(1, 'Please enter your state.').max(50),
  zipCode: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'Please enter a valid ZIP code.'),
});
export type ClientAddress = z.infer<typeof clientAddressSchema>;

export interface ClientProfile {
  /** The Cognito user's `sub`. */
  id: string;
  firstName: string;
  lastName: string;
  /** Lower-cased; the sign-in name. */
  email: string;
  phone: string | null;
  accountType: AccountType;
  address: ClientAddress | null;
  notificationPreferences: NotificationPreferences;
  createdAt: string;
  updatedAt: string;
}

/** The name the header and the browser's `clientName` key show: first and last name. */
export function clientDisplayName(client: Pick<ClientProfile, 'firstName' | 'lastName'>): string {
  return `${client.firstName} ${client.lastName}`.trim();
}
