import * as z from 'zod';
import { declare } from './declaration';

/**
 * A customer started a live chat (after its session and greeting were stored). Staff are mailed if
 * nobody is connected to answer, at most once per chat per 10 minutes together with ChatMessagePosted.
 */
export const ChatStarted = declare({
  name: 'ChatStarted',
  version: 1,
  detail: z.object({
    sessionId: z.string(),
    customerName: z.string(),
    customerPhone: z.string().nullable(),
    clientId: z.string().nullable(),
    startedAt: z.iso.datetime(),
  }),
  consumers: [
    {
      id: 'NotifyStaffOfChatStarted',
      handler: { file: 'functions/chat/notify-staff.ts', export: 'chatStarted' },
      grants: ['table:read', 'table:write', 'mail:send'],
    },
  ],
});

/** A customer's chat message was stored (support replies are not published). */
export const ChatMessagePosted = declare({
  name: 'ChatMessagePosted',
  version: 1,
  detail: z.object({
    sessionId: z.string(),
    messageId: z.string(),
    seq: z.number().int().positive(),
    customerName: z.string(),
    customerPhone: z.string().nullable(),
    text: z.string(),
    postedAt: z.iso.datetime(),
  }),
  consumers: [
    {
      id: 'NotifyStaffOfChatMessage',
      handler: { file: 'functions/chat/notify-staff.ts', export: 'chatMessagePosted' },
      grants: ['table:read', 'table:write', 'mail:send'],
    },
  ],
});
