import * as z from 'zod';
import { declare } from './declaration';

/**
 * A customer's account was closed (issue 30): their sign-in deleted, their personal data erased or
 * anonymised, their tax records kept. Carries the e-mail and first name only so the confirmation
 * can be mailed: the table no longer holds them.
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
  }),
  consumers: [
    {
      id: 'MailAccountClosed',
      handler: { file: 'functions/accounts/notify-account-closed.ts', export: 'accountClosed' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});
