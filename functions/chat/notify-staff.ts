/**
 * Staff are mailed about a chat when nobody from staff is connected to see it: on ChatStarted and
 * on each ChatMessagePosted, but at most once per chat per STAFF_NOTICE_WINDOW_MS. The window is
 * taken by one conditional write per chat (functions/chat/staff-notice.ts), so concurrent and
 * repeated deliveries mail once.
 */
import { SHOP_TIME_ZONE } from '#domain/business';
import { ChatMessagePosted, ChatStarted } from '#events/chat';
import type { EventDetail } from '#events/declaration';
import { OPERATIONAL_METRICS } from '#events/business-metrics';
import { consumer } from '../lib/event-consumer';
import { countMetric } from '../lib/metrics';
import { mailSettings, sendMail, type Mail, type MailSettings } from '../lib/mail';
import type { MailBlock } from '../mail/blocks';
import { brandedMail } from '../mail/compose';
import { isStaffOnline } from '../realtime/connection-store';
import { takeStaffNoticeWindow } from './staff-notice';

const shopTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: SHOP_TIME_ZONE,
});

function chatNotice(
  { subject, preview, blocks }: { subject: string; preview: string; blocks: MailBlock[] },
  { siteUrl, staffEmail }: MailSettings,
): Mail {
  return brandedMail({
    to: [staffEmail],
    subject,
    preview,
    siteUrl,
    blocks: [
      ...blocks,
      {
        kind: 'paragraph',
        text: 'Nobody from staff is connected to the live chat. Answer in the admin area (Live Chat) or on your phone.',
      },
      { kind: 'link', label: 'Answer in the admin area', url: `${siteUrl}/admin`, primary: true },
      { kind: 'link', label: 'Answer on your phone', url: `${siteUrl}/chat` },
    ],
  });
}

/** Staff's notice that a customer started a chat. */
export function chatStartedMail(chat: EventDetail<typeof ChatStarted>, settings: MailSettings): Mail {
  return chatNotice(
    {
      subject: `Live chat: ${chat.customerName} started a chat`,
      preview: `${chat.customerName} is waiting in the live chat.`,
      blocks: [
        { kind: 'paragraph', text: `${chat.customerName} started a live chat on the website.` },
        {
          kind: 'lines',
          lines: [
            `Phone: ${chat.customerPhone ?? 'Not provided'}`,
            `Started: ${shopTime.format(new Date(chat.startedAt))}`,
          ],
        },
      ],
    },
    settings,
  );
}

/** Staff's notice of a customer's chat message, the message as written. */
export function chatMessageMail(message: EventDetail<typeof ChatMessagePosted>, settings: MailSettings): Mail {
  return chatNotice(
    {
      subject: `Live chat: new message from ${message.customerName}`,
      preview: message.text,
      blocks: [
        { kind: 'paragraph', text: `${message.customerName} wrote in the live chat:` },
        { kind: 'quote', text: message.text },
        {
          kind: 'lines',
          lines: [
            `Phone: ${message.customerPhone ?? 'Not provided'}`,
            `Sent: ${shopTime.format(new Date(message.postedAt))}`,
          ],
        },
      ],
    },
    settings,
  );
}

/** Whether nobody from staff was online to see it (staff are then mailed, once per chat per window). */
async function mailStaffIfNobodyOnline(notice: {
  sessionId: string;
  eventId: string;
  at: string;
  mail: (settings: MailSettings) => Mail;
}): Promise<boolean> {
  if (await isStaffOnline(new Date())) return false;
  if (await takeStaffNoticeWindow(notice.sessionId, new Date(notice.at), notice.eventId))
    await sendMail(notice.mail(mailSettings()));
  return true;
}

export const chatStarted = consumer(ChatStarted, 'NotifyStaffOfChatStarted', async (chat, envelope) => {
  const nobodyOnline = await mailStaffIfNobodyOnline({
    sessionId: chat.sessionId,
    eventId: envelope.id,
    at: chat.startedAt,
    mail: (settings) => chatStartedMail(chat, settings),
  });
  if (nobodyOnline) countMetric(OPERATIONAL_METRICS.chatWithNobodyOnline);
});

export const chatMessagePosted = consumer(ChatMessagePosted, 'NotifyStaffOfChatMessage', async (message, envelope) => {
  await mailStaffIfNobodyOnline({
    sessionId: message.sessionId,
    eventId: envelope.id,
    at: message.postedAt,
    mail: (settings) => chatMessageMail(message, settings),
  });
});
