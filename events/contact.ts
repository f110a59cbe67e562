import * as z from 'zod';
import { contactMessageSchema } from '#domain/contact';
import { declare } from './declaration';

export const ContactMessageSubmitted = declare({
  name: 'ContactMessageSubmitted',
  version: 1,
  detail: z.object({
    messageId: z.string(),
    submittedAt: z.iso.datetime(),
    message: contactMessageSchema,
  }),
  consumers: [
    {
      id: 'NotifyStaffOfContactMessage',
      handler: { file: 'functions/contact/notify-staff.ts', export: 'handler' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});
