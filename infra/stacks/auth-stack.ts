import { RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccountRecovery, Mfa, UserPool, UserPoolClient, VerificationEmailStyle } from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { acknowledge } from './nag';

/** Cognito: customers sign in with their e-mail; staff are members of the group `admin`. */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;

  constructor(scope: Construct, id: string, props?: StackProps) {
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

    this.userPoolClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      disableOAuth: true,
      preventUserExistenceErrors: true,
    });

    this.userPool.addGroup('AdminGroup', { groupName: 'admin', description: 'Shop staff: the admin area and the chat inbox.' });

    acknowledge(
      this.userPool,
      {
        id: 'AwsSolutions-COG1',
        reason: 'The shop password rule is at least 8 characters with upper case, lower case and a digit (accounts spec); symbols are not required.',
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
