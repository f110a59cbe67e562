import { Logger } from '@aws-lambda-powertools/logger';

/** Structured JSON logs to CloudWatch on Lambda, to the terminal on one machine. */
export const logger = new Logger({ serviceName: 'shop' });
