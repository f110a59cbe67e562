import { RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/** Fields every API stage logs; each API adds the context variables that only it has. */
const COMMON_FIELDS = {
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  requestTime: '$context.requestTime',
  routeKey: '$context.routeKey',
  status: '$context.status',
  integrationError: '$context.integrationErrorMessage',
};

/** JSON access logs of an API Gateway stage, kept three months. */
export function stageAccessLogs(scope: Construct, extraFields: Record<string, string>) {
  return {
    destination: new LogGroupLogDestination(
      new LogGroup(scope, 'AccessLogs', {
        retention: RetentionDays.THREE_MONTHS,
        removalPolicy: RemovalPolicy.DESTROY,
      }),
    ),
    format: AccessLogFormat.custom(JSON.stringify({ ...COMMON_FIELDS, ...extraFields })),
  };
}
