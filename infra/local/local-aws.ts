/** The account and region that the local stand-ins report in ARNs and events. */
export const LOCAL_ACCOUNT_ID = '000000000000';
export const LOCAL_REGION = 'us-east-1';
