import * as z from 'zod';
import { declare } from './declaration';

/**
 * A customer's account was closed (issue 30): their sign-in deleted, their personal data erased or
 * anonymised, their tax records kept. Carries the e-mail and first name only so the confirmation
 * can be mailed, and the Stripe customer and return photos so they are deleted: the table no longer
 * holds them. Not a webhook event.
 */
export const AccountClosed = declare({
  name: 'AccountClosed',
  version: 1,
  detail: z.object({
    clientId: z.string(),
    email: z.email(),
    firstName: z.string(),
    requestedBy: z.enum(['customer', 'staff']),
    closedAt: z.iso.datetime(),
    stripeCustomerId: z.string().nullable().default(null),
    returnPhotoKeys: z.array(z.string()).default([]),
  }),
  consumers: [
    {
      id: 'MailAccountClosed',
      handler: { file: 'functions/accounts/notify-account-closed.ts', export: 'accountClosed' },
      grants: ['table:write', 'mail:send'],
    },
    {
      id: 'DeleteStripeCustomerOfClosedAccount',
      handler: { file: 'functions/accounts/closed-account-stripe.ts', export: 'deleteStripeCustomerOfClosedAccount' },
      grants: ['table:write', 'payments'],
    },
    {
      id: 'DeleteReturnPhotosOfClosedAccount',
      handler: { file: 'functions/accounts/closed-account-photos.ts', export: 'deleteReturnPhotosOfClosedAccount' },
      grants: ['table:write', 'storage:write'],
    },
  ],
});
