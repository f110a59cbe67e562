import { describe, expect, it } from 'vitest';
import type { WeeklyHours } from '../business';
import type { ShopHours } from '../opening-hours';
import { answerTime, chatShowsOnline, offlineAnswerNote } from './availability';
import {
  CHAT_MESSAGES,
  greetingText,
  MESSAGE_MAX_CHARS,
  messageTextSchema,
  notificationPreview,
  reconnectDelayMs,
  startChatRequestSchema,
  unreadBadgeLabel,
} from './chat';
import type { ChatMessage } from './chat';
import { isFlooding } from './flood';
import { hasGap, lastContiguousSeq, mergeMessages } from './thread';

const message = (seq: number, text = `m${seq}`): ChatMessage => ({
  id: `id-${seq}-${text}`,
  sessionId: 's',
  seq,
  text,
  senderType: 'customer',
  senderName: 'Dana',
  createdAt: '2030-01-01T00:00:00.000Z',
  adminViewed: false,
  clientMessageId: null,
});

describe('the chat rules', () => {
  it('greets the customer by name and asks about window treatments', () => {
    expect(greetingText('Dana', 'Hill & Brook Blinds')).toBe(
      'Hi Dana! Thanks for contacting Hill & Brook Blinds. How can we help you with your window treatments today?',
    );
  });

  it('caps the unread badge at 99+', () => {
    expect([0, 1, 99, 100, 5000].map(unreadBadgeLabel)).toEqual(['0', '1', '99', '99+', '99+']);
  });

  it('cuts a notification at 100 characters, never inside a character', () => {
    expect(notificationPreview('a'.repeat(150))).toHaveLength(100);
    expect(notificationPreview(`${'a'.repeat(99)}😀b`)).toBe(`${'a'.repeat(99)}😀`);
  });

  it('backs off reconnects from 1 s, doubling to 30 s, with up to half again of jitter', () => {
    expect([0, 1, 2, 5, 10].map((attempt) => reconnectDelayMs(attempt, () => 0))).toEqual([
      1000, 2000, 4000, 30_000, 30_000,
    ]);
    expect(reconnectDelayMs(0, () => 0.999)).toBe(1500);
  });

  it('takes a name (the spec message when blank) and an optional phone, blank meaning none', () => {
    expect(startChatRequestSchema.parse({ name: '  Dana ', phone: '' })).toEqual({ name: 'Dana', phone: null });
    expect(startChatRequestSchema.parse({ name: 'Dana' })).toEqual({ name: 'Dana', phone: null });
    const blank = startChatRequestSchema.safeParse({ name: ' ' });
    expect(blank.success ? [] : blank.error.issues.map((issue) => issue.message)).toEqual([CHAT_MESSAGES.nameRequired]);
    expect(startChatRequestSchema.safeParse({}).error?.issues[0]?.message).toBe(CHAT_MESSAGES.nameRequired);
  });

  it('takes messages of 1 to 2,000 characters of plain text, keeping line breaks', () => {
    expect(messageTextSchema.parse('  one\r\ntwo  ')).toBe('one\ntwo');
    expect(messageTextSchema.safeParse('x'.repeat(MESSAGE_MAX_CHARS)).success).toBe(true);
    expect(messageTextSchema.safeParse('x'.repeat(MESSAGE_MAX_CHARS + 1)).error?.issues[0]?.message).toBe(
      CHAT_MESSAGES.messageTooLong,
    );
    expect(messageTextSchema.safeParse(' \n ').error?.issues[0]?.message).toBe(CHAT_MESSAGES.blankMessage);
    expect(messageTextSchema.safeParse('a\u0000b').error?.issues[0]?.message).toBe(
      'Message contains characters that are not allowed.',
    );
  });

  it('refuses a message over either flood limit', () => {
    expect(isFlooding({ perConnection: 5, perSession: 20 })).toBe(false);
    expect(isFlooding({ perConnection: 6, perSession: 1 })).toBe(true);
    expect(isFlooding({ perSession: 21 })).toBe(true);
  });
});

describe('a thread kept by seq', () => {
  it('shows each seq once, in order, whatever order pushes and polls arrive in', () => {
    const merged = mergeMessages([message(1), message(3)], [message(2), message(3, 'again'), message(1)]);
    expect(merged.map((m) => [m.seq, m.text])).toEqual([
      [1, 'm1'],
      [2, 'm2'],
      [3, 'm3'],
    ]);
  });

  it('knows up to where it is complete, and whether a push skipped a message', () => {
    expect(lastContiguousSeq([])).toBe(0);
    expect(lastContiguousSeq([message(1), message(2), message(4)])).toBe(2);
    expect(hasGap([message(1), message(2), message(4)])).toBe(true);
    expect(hasGap([message(2), message(1)])).toBe(false);
  });
});

/** A week as staff might save it: weekdays 7:30 AM - 9 PM, Saturday 8 AM - 6 PM, Sunday closed. */
const week: WeeklyHours = {
  monday: { opens: '07:30', closes: '21:00' },
  tuesday: { opens: '07:30', closes: '21:00' },
  wednesday: { opens: '07:30', closes: '21:00' },
  thursday: { opens: '07:30', closes: '21:00' },
  friday: { opens: '07:30', closes: '21:00' },
  saturday: { opens: '08:00', closes: '18:00' },
  sunday: null,
};
const open: ShopHours = { week, closures: [] };
// Dallas is UTC-6 in January.
const at = (local: string) => new Date(`${local}-06:00`);

describe('when the shop answers while nobody is online', () => {
  it('says as soon as we can within office hours, else the next opening', () => {
    expect(answerTime(open, at('2030-01-07T10:00:00'))).toBe('as soon as we can'); // Monday
    expect(answerTime(open, at('2030-01-07T06:00:00'))).toBe('today at 7:30 AM');
    expect(answerTime(open, at('2030-01-07T21:30:00'))).toBe('tomorrow at 7:30 AM');
    expect(answerTime(open, at('2030-01-11T22:00:00'))).toBe('tomorrow at 8:00 AM'); // Friday night: Saturday
    expect(answerTime(open, at('2030-01-12T19:00:00'))).toBe('Monday at 7:30 AM'); // Saturday evening: Sunday is closed
    expect(answerTime(open, at('2030-01-13T12:00:00'))).toBe('tomorrow at 7:30 AM'); // Sunday
  });

  it('skips the holidays the shop keeps and the days staff closed it', () => {
    // Thanksgiving 2030 is Thursday, November 28 (UTC-6), and the shop keeps the Friday after too.
    const thanksgivingEve = new Date('2030-11-27T22:00:00-06:00');
    expect(answerTime(open, thanksgivingEve)).toBe('Saturday at 8:00 AM');
    expect(answerTime({ week, closures: ['2030-01-08'] }, at('2030-01-07T21:30:00'))).toBe('Wednesday at 7:30 AM');
    expect(answerTime({ week, closures: ['2030-01-07'] }, at('2030-01-07T06:00:00'))).toBe('tomorrow at 7:30 AM');
    const closedForAWeek = ['2030-01-08', '2030-01-09', '2030-01-10', '2030-01-11', '2030-01-12', '2030-01-14'];
    expect(answerTime({ week, closures: closedForAWeek }, at('2030-01-07T21:30:00'))).toBe(
      'Tuesday, January 15, at 7:30 AM',
    );
  });

  it('keeps taking messages', () => {
    expect(offlineAnswerNote(open, at('2030-01-13T12:00:00'))).toBe(
      "Nobody is online right now. Leave a message and we'll answer tomorrow at 7:30 AM.",
    );
  });
});

describe('the Online indicator', () => {
  it('is on while staff are connected within the saved hours, from opening to the minute before closing', () => {
    expect(chatShowsOnline(open, at('2030-01-07T07:30:00'), true)).toBe(true); // Monday, opening
    expect(chatShowsOnline(open, at('2030-01-07T20:59:00'), true)).toBe(true);
    expect(chatShowsOnline(open, at('2030-01-12T12:00:00'), true)).toBe(true); // Saturday
  });

  it('is off outside the saved hours even while staff are connected', () => {
    expect(chatShowsOnline(open, at('2030-01-07T07:29:00'), true)).toBe(false); // Monday, before opening
    expect(chatShowsOnline(open, at('2030-01-07T21:00:00'), true)).toBe(false); // Monday, closing time
    expect(chatShowsOnline(open, at('2030-01-12T18:30:00'), true)).toBe(false); // Saturday evening
    expect(chatShowsOnline(open, at('2030-01-13T12:00:00'), true)).toBe(false); // Sunday: closed all day
  });

  it('is off on a holiday and on a day staff closed the shop, within the hours of its weekday', () => {
    expect(chatShowsOnline(open, new Date('2030-11-28T12:00:00-06:00'), true)).toBe(false); // Thanksgiving
    expect(chatShowsOnline(open, new Date('2030-11-29T12:00:00-06:00'), true)).toBe(false); // the day after
    expect(chatShowsOnline({ week, closures: ['2030-01-07'] }, at('2030-01-07T10:00:00'), true)).toBe(false);
    expect(chatShowsOnline({ week, closures: ['2030-01-07'] }, at('2030-01-08T10:00:00'), true)).toBe(true);
  });

  it('is off within the hours while nobody from staff is connected', () => {
    expect(chatShowsOnline(open, at('2030-01-07T10:00:00'), false)).toBe(false);
  });

  it('follows hours staff changed: a Sunday they open, a weekday they close', () => {
    const changed: WeeklyHours = { ...week, sunday: { opens: '10:00', closes: '16:00' }, monday: null };
    expect(chatShowsOnline({ week: changed, closures: [] }, at('2030-01-13T12:00:00'), true)).toBe(true);
    expect(chatShowsOnline({ week: changed, closures: [] }, at('2030-01-07T10:00:00'), true)).toBe(false);
  });

  it("reads the hours in the shop's time zone, summer time included", () => {
    // 13:00 UTC on a July Monday is 8:00 AM in Dallas (UTC-5): open; 12:00 UTC is 7:00 AM: not yet.
    expect(chatShowsOnline(open, new Date('2030-07-01T13:00:00Z'), true)).toBe(true);
    expect(chatShowsOnline(open, new Date('2030-07-01T12:00:00Z'), true)).toBe(false);
  });
});
