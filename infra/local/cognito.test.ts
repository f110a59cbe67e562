import { ConsoleMessageSender } from 'cognito-local/lib/services/messageDelivery/consoleMessageSender';
import { describe, expect, it } from 'vitest';
import { parseCodeDelivery, type DeliveryRecord } from './cognito';

/** The log record cognito-local's own console sender writes for `target`, as cognito-local-main.cjs forwards it. */
async function deliveryRecord(target: string): Promise<DeliveryRecord> {
  let msg = '';
  const ctx = { logger: { info: (line: string) => (msg = line) } };
  const user = { Username: 'c0ffee-sub', Attributes: [], Enabled: true, UserStatus: 'CONFIRMED' };
  // cognito-local words every code as a sign-up confirmation, whatever the operation.
  const message = {
    __code: '123456',
    emailSubject: 'Your verification code',
    emailMessage: 'Your verification code is 123456',
  };
  await new ConsoleMessageSender().sendEmail(ctx as never, user as never, 'ana@example.com', message);
  return { target, msg };
}

describe('parseCodeDelivery', () => {
  it.each([
    ['SignUp', 'confirmation'],
    ['ResendConfirmationCode', 'confirmation'],
    ['ForgotPassword', 'reset'],
    ['UpdateUserAttributes', 'email-change'],
    ['GetUserAttributeVerificationCode', 'email-change'],
    ['AdminCreateUser', 'invitation'],
  ])('turns the code cognito-local sends for %s into the %s mail', async (target, kind) => {
    expect(parseCodeDelivery(await deliveryRecord(target))).toEqual({
      kind,
      username: 'c0ffee-sub',
      destination: 'ana@example.com',
      code: '123456',
    });
  });
});
