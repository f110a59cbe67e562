/**
 * Defence in depth for issue 8: the request schemas refuse line breaks in names and subjects, and
 * the mail adapter still never lets one into a header. SES is stood in for (aws-sdk-client-mock:
 * AWS's client, not our code) so the test reads the very request that would leave the shop.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigCache } from './config';
import { sendMail } from './mail';

const ses = mockClient(SESv2Client);

beforeEach(() => {
  for (const [name, value] of Object.entries({
    TABLE_NAME: 'shop',
    EVENT_BUS_NAME: 'shop-events',
    UPLOADS_BUCKET: 'uploads',
    USER_POOL_ID: 'us-east-1_AbCdEfGhI',
    USER_POOL_CLIENT_ID: '3n4b5urk1ft4fl3mg5e62d9ado',
    MAIL_FROM: 'Hill & Brook Blinds <no-reply@shop.example>',
    STAFF_EMAIL: 'staff@shop.example',
    SITE_URL: 'https://shop.example',
  })) {
    vi.stubEnv(name, value);
  }
  resetConfigCache();
  ses.reset();
  ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigCache();
});

afterAll(() => {
  ses.restore();
});

describe('sendMail', () => {
  it('puts no line break or control character in the subject or an address, whatever it is given', async () => {
    await sendMail({
      to: ['Ana\r\nBcc: everyone@example.com <ana@example.com>'],
      replyTo: ['ana@example.com\n'],
      subject: 'Contact form: Hi\r\nBcc: everyone@example.com\u0000\u202e',
      text: 'Line one\nLine two',
      html: '<p>Line one</p>',
    });
    const [call] = ses.commandCalls(SendEmailCommand);
    const input = call!.args[0].input;
    expect(input.Content?.Simple?.Subject?.Data).toBe('Contact form: Hi Bcc: everyone@example.com');
    expect(input.Destination?.ToAddresses).toEqual(['Ana Bcc: everyone@example.com <ana@example.com>']);
    expect(input.ReplyToAddresses).toEqual(['ana@example.com']);
    expect(input.Content?.Simple?.Body?.Text?.Data).toBe('Line one\nLine two');
  });

  it('sends an ordinary subject as it is', async () => {
    await sendMail({
      to: ['ana@example.com'],
      subject: 'We received your message: Zoë’s blinds',
      text: 'x',
      html: 'x',
    });
    expect(ses.commandCalls(SendEmailCommand)[0]!.args[0].input.Content?.Simple?.Subject?.Data).toBe(
      'We received your message: Zoë’s blinds',
    );
  });
});
