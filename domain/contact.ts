import * as z from 'zod';
import { multiLineText, singleLineText } from './text';

/** The contact-us message form, validated the same way in the browser and in the API. */
export const contactMessageSchema = z
  .object({
    name: singleLineText('Name', { error: 'Please enter your name.' }).min(1, 'Please enter your name.').max(200),
    email: z
      .string({ error: 'Please enter a valid email address.' })
      .trim()
      .toLowerCase()
      .pipe(z.email('Please enter a valid email address.')),
    phone: singleLineText('Phone').max(40).optional().default(''),
    hasExistingOrder: z.boolean().default(false),
    orderNumber: singleLineText('Order number').max(60).optional().default(''),
    subject: singleLineText('Subject', { error: 'Please enter a subject.' }).min(1, 'Please enter a subject.').max(200),
    message: multiLineText('Message', { error: 'Please enter a message.' }).min(1, 'Please enter a message.').max(5000),
  })
  .refine((m) => !m.hasExistingOrder || m.orderNumber.length > 0, {
    path: ['orderNumber'],
    message: 'Please enter your order number.',
  });

export type ContactMessage = z.infer<typeof contactMessageSchema>;
