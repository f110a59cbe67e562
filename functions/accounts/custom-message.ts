import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { settingsConfig } from '../lib/config';
import { authMessage, type AuthMessageKind } from './auth-messages';

/** Which of our mails replaces Cognito's own for each message Cognito sends; the others stay Cognito's. */
const KIND_OF_TRIGGER: Partial<Record<CustomMessageTriggerEvent['triggerSource'], AuthMessageKind>> = {
  CustomMessage_SignUp: 'confirmation',
  CustomMessage_ResendCode: 'confirmation',
  CustomMessage_ForgotPassword: 'reset',
  CustomMessage_UpdateUserAttribute: 'email-change',
  CustomMessage_VerifyUserAttribute: 'email-change',
  CustomMessage_AdminCreateUser: 'invitation',
};

/**
 * Cognito CustomMessage trigger: the confirmation, reset, e-mail change and staff invitation mails from the shop's
 * templates, linking to its pages. The code is Cognito's placeholder, which Cognito fills in.
 */
export async function handler(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  const kind = KIND_OF_TRIGGER[event.triggerSource];
  const email = event.request.userAttributes.email;
  if (!kind || !email) return event;
  const mail = authMessage(kind, {
    siteUrl: settingsConfig().SITE_URL,
    email,
    code: event.request.codeParameter,
    // An invitation's message must carry Cognito's user name placeholder as well as the password's.
    ...(event.request.usernameParameter && { username: event.request.usernameParameter }),
  });
  event.response.emailSubject = mail.subject;
  event.response.emailMessage = mail.html;
  return event;
}
