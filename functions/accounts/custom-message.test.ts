import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigCache } from '../lib/config';
import { handler } from './custom-message';

/** A trigger event as Cognito sends it: the code is the placeholder `{####}`, filled in after the trigger answered. */
function cognitoEvent(
  triggerSource: CustomMessageTriggerEvent['triggerSource'],
  email = 'ana+blinds@example.com',
): CustomMessageTriggerEvent {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_AbCdEfGhI',
    userName: '0f6c2a4e-1b3d-4e5f-8a9b-0c1d2e3f4a5b',
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: '3n4b5urk1ft4fl3mg5e62d9ado' },
    triggerSource,
    request: {
      userAttributes: {
        sub: '0f6c2a4e-1b3d-4e5f-8a9b-0c1d2e3f4a5b',
        email_verified: 'false',
        'cognito:user_status': 'UNCONFIRMED',
        email,
      },
      codeParameter: '{####}',
      linkParameter: '{##Click Here##}',
      usernameParameter: null,
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  } as CustomMessageTriggerEvent;
}

describe('Cognito CustomMessage trigger', () => {
  // Only the deployment settings, as the trigger's function has them: no table, bus or pool names.
  beforeEach(() => {
    vi.stubEnv('SITE_URL', 'https://shop.example');
    vi.stubEnv('MAIL_FROM', 'no-reply@shop.example');
    vi.stubEnv('STAFF_EMAIL', 'staff@shop.example');
    for (const name of ['TABLE_NAME', 'EVENT_BUS_NAME', 'UPLOADS_BUCKET', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID'])
      vi.stubEnv(name, undefined);
    resetConfigCache();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    resetConfigCache();
  });

  it.each(['CustomMessage_SignUp', 'CustomMessage_ResendCode'] as const)(
    '%s: the confirmation mail linking to /email-confirmation',
    async (source) => {
      const { response } = await handler(cognitoEvent(source));
      expect(response.emailSubject).toBe('Confirm your Hill & Brook Blinds account');
      expect(response.emailMessage).toContain(
        'href="https://shop.example/email-confirmation?type=signup&amp;email=ana%2Bblinds%40example.com&amp;token={####}"',
      );
    },
  );

  it('CustomMessage_ForgotPassword: the reset mail linking to /reset-password', async () => {
    const { response } = await handler(cognitoEvent('CustomMessage_ForgotPassword'));
    expect(response.emailSubject).toBe('Reset your Hill & Brook Blinds password');
    expect(response.emailMessage).toContain(
      'href="https://shop.example/reset-password?type=recovery&amp;email=ana%2Bblinds%40example.com&amp;token={####}"',
    );
  });

  it.each(['CustomMessage_UpdateUserAttribute', 'CustomMessage_VerifyUserAttribute'] as const)(
    '%s: the e-mail change mail with the code',
    async (source) => {
      const { response } = await handler(cognitoEvent(source));
      expect(response.emailSubject).toBe('Confirm your new Hill & Brook Blinds e-mail address');
      expect(response.emailMessage).toContain('<strong>{####}</strong>');
      expect(response.emailMessage).toContain('href="https://shop.example/account/settings"');
    },
  );

  it('CustomMessage_AdminCreateUser: the staff invitation, with the temporary password and the user name', async () => {
    const event = cognitoEvent('CustomMessage_AdminCreateUser');
    event.request.usernameParameter = '{username}';
    const { response } = await handler(event);
    expect(response.emailSubject).toBe('You are invited to the Hill & Brook Blinds staff area');
    expect(response.emailMessage).toContain('Your temporary password is <strong>{####}</strong>');
    expect(response.emailMessage).toContain('Your user name is {username}.');
    expect(response.emailMessage).toContain('href="https://shop.example/login?redirect=%2Fadmin"');
    expect(response.emailMessage!.length).toBeLessThan(20_000);
  });

  it.each(['CustomMessage_Authentication'] as const)("%s: leaves Cognito's own message", async (source) => {
    const { response } = await handler(cognitoEvent(source));
    expect(response).toEqual({ smsMessage: null, emailMessage: null, emailSubject: null });
  });
});
