/**
 * Members of staff by name for the pages that say who acted (an order's history, the audit log):
 * given and family name, else e-mail, from the user pool, one read each. One that cannot be read
 * stays unnamed, and the page says Staff.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { userPoolClient } from './aws-clients';
import { config } from './config';
import { logger } from './logger';

export async function staffNamesOf(staffIds: Iterable<string>): Promise<Map<string, string>> {
  const named = await Promise.all(
    [...new Set(staffIds)].map(async (id): Promise<[string, string]> => {
      try {
        const user = await userPoolClient().send(
          new AdminGetUserCommand({ UserPoolId: config().USER_POOL_ID, Username: id }),
        );
        const attribute = (name: string) =>
          user.UserAttributes?.find((candidate) => candidate.Name === name)?.Value?.trim() ?? '';
        return [
          id,
          [attribute('given_name'), attribute('family_name')].filter(Boolean).join(' ') || attribute('email'),
        ];
      } catch (error) {
        logger.warn('Could not read a member of staff to name them', { error: error as Error, staffId: id });
        return [id, ''];
      }
    }),
  );
  return new Map(named.filter(([, name]) => name !== ''));
}
