import { z } from 'zod';

/** The contact-us message form, validated the same way in the browser and in the API. */
export const contactMessageSchema = z
  .object({
    name: z.string({ error: 'Please enter your name.' }).trim().min(1, 'Please enter your name.').max(200),
    email: z.string({ error: 'Please enter a valid email address.' }).trim().toLowerCase().pipe(z.email('Please enter a valid email address.')),
    phone: z.string().trim().max(40).optional().default(''),
    hasExistingOrder: z.boolean().default(false),
    orderNumber: z.string().trim().max(60).optional().default(''),
    subject: z.string({ error: 'Please enter a subject.' }).trim().min(1, 'Please enter a subject.').max(200),
    message: z.string({ error: 'Please enter a message.' }).trim().min(1, 'Please enter a message.').max(5000),
  })
  .refine((m) => !m.hasExistingOrder || m.orderNumber.length > 0, {
    path: ['orderNumber'],
    message: 'Please enter your order number.',
  });

export type ContactMessage = z.infer<typeof contactMessageSchema>;
