import { LEGACY_STAFF_GROUP, STAFF_ROLE_LABELS, STAFF_ROLE_SUMMARIES, STAFF_ROLES } from '#domain/staff/roles';
import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AccountRecovery,
  Mfa,
  UserPool,
  UserPoolClient,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { acknowledge } from './nag';
import type { DeploymentSettings } from './settings';
import { ShopFunction } from './shop-function';

export interface AuthStackProps extends StackProps {
  settings: DeploymentSettings;
}

/**
 * Cognito: customers sign in with their e-mail; staff are members of the group `admin`. The
 * confirmation, reset and e-mail change mails come from the shop's templates (CustomMessage trigger).
 */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      userVerification: { emailStyle: VerificationEmailStyle.CODE },
      passwordPolicy: {
        minLength: 8,
        requireUppercase: true,
        requireLowercase: true,
        requireDigits: true,
        requireSymbols: false,
      },
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: true, mutable: true },
        familyName: { required: true, mutable: true },
        phoneNumber: { required: false, mutable: true },
      },
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const customMessage = new ShopFunction(this, 'CustomMessage', {
      handler: { file: 'functions/accounts/custom-message.ts', export: 'handler' },
      settings: props.settings,
      timeout: Duration.seconds(5),
      description:
        "Cognito CustomMessage trigger: the shop's confirmation, reset, e-mail change and staff invitation mails",
    });
    this.userPool.addTrigger(UserPoolOperation.CUSTOM_MESSAGE, customMessage.fn);

    this.userPoolClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      disableOAuth: true,
      preventUserExistenceErrors: true,
    });

    // The staff before roles: its members are owners (domain/staff/roles.ts, decision 0071).
    this.userPool.addGroup('AdminGroup', {
      groupName: LEGACY_STAFF_GROUP,
      description: 'Shop staff from before roles: owners.',
    });
    for (const role of STAFF_ROLES) {
      this.userPool.addGroup(`${STAFF_ROLE_LABELS[role]}Group`, {
        groupName: role,
        description: `Shop staff, ${STAFF_ROLE_LABELS[role]}: ${STAFF_ROLE_SUMMARIES[role]}.`,
      });
    }

    acknowledge(
      this.userPool,
      {
        id: 'AwsSolutions-COG1',
        reason:
          'The shop password rule is at least 8 characters with upper case, lower case and a digit (accounts spec); symbols are not required.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason: 'MFA is optional (TOTP) so shoppers can buy without an authenticator app; staff can enrol one.',
      },
      {
        id: 'AwsSolutions-COG3',
        reason: 'Threat protection needs the paid Plus feature plan; not enabled at launch.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason: 'The Essentials feature plan covers e-mail sign-in and groups; the Plus plan is a later cost decision.',
      },
    );
  }
}
