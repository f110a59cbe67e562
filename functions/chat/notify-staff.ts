/**
 * Staff are mailed about a chat when nobody from staff is connected to see it: on ChatStarted and
 * on each ChatMessagePosted, but at most once per chat per STAFF_NOTICE_WINDOW_MS. The window is
 * taken by one conditional write per chat (functions/chat/staff-notice.ts), so concurrent and
 * repeated deliveries mail once.
 */
import { OFFICE_HOURS } from '../../domain/business';
import { ChatMessagePosted, ChatStarted } from '../../events/catalog';
import { config } from '../lib/config';
import { consumer } from '../lib/events';
import { escapeHtml, sendMail } from '../lib/mail';
import { isStaffOnline } from '../realtime/connection-store';
import { takeStaffNoticeWindow } from './staff-notice';

const shopTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: OFFICE_HOURS.timeZone });

async function mailStaffIfNobodyOnline(notice: { sessionId: string; eventId: string; at: string; subject: string; lines: string[] }): Promise<void> {
  if (await isStaffOnline(new Date())) return;
  if (!(await takeStaffNoticeWindow(notice.sessionId, new Date(notice.at), notice.eventId))) return;
  const site = config().SITE_URL;
  const lines = [...notice.lines, '', `Nobody from staff is connected to the live chat. Answer in the admin area (${site}/admin, Live Chat) or on your phone (${site}/chat).`];
  await sendMail({
    to: [config().STAFF_EMAIL],
    subject: notice.subject,
    text: lines.join('\n'),
    html: `<pre style="font-family:inherit;white-space:pre-wrap">${escapeHtml(lines.join('\n'))}</pre>`,
  });
}

export const chatStarted = consumer(ChatStarted, 'NotifyStaffOfChatStarted', async (chat, envelope) => {
  await mailStaffIfNobodyOnline({
    sessionId: chat.sessionId,
    eventId: envelope.id,
    at: chat.startedAt,
    subject: `Live chat: ${chat.customerName} started a chat`,
    lines: [`${chat.customerName} started a live chat on the website.`, `Phone: ${chat.customerPhone ?? 'Not provided'}`, `Started: ${shopTime.format(new Date(chat.startedAt))}`],
  });
});

export const chatMessagePosted = consumer(ChatMessagePosted, 'NotifyStaffOfChatMessage', async (message, envelope) => {
  await mailStaffIfNobodyOnline({
    sessionId: message.sessionId,
    eventId: envelope.id,
    at: message.postedAt,
    subject: `Live chat: new message from ${message.customerName}`,
    lines: [
      `${message.customerName} wrote in the live chat:`,
      '',
      message.text,
      '',
      `Phone: ${message.customerPhone ?? 'Not provided'}`,
      `Sent: ${shopTime.format(new Date(message.postedAt))}`,
    ],
  });
});
