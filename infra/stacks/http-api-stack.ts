import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Construct } from 'constructs';
import { stageAccessLogs } from './access-logs';
import type { HttpRoute } from '../../functions/routes';
import { ShopFunction, type ShopResources } from './shop-function';
import { acknowledge } from './nag';

export interface HttpApiStackProps extends StackProps {
  resources: ShopResources;
  /** The declared routes (`httpRoutes` of functions/routes.ts). */
  routes: readonly HttpRoute[];
}

/**
 * The HTTP API: one route and one function per declared HTTP route. Routes that are not public
 * need a Cognito access token (JWT authorizer); the handlers still check the role themselves.
 */
export class HttpApiStack extends Stack {
  readonly api: HttpApi;

  constructor(scope: Construct, id: string, props: HttpApiStackProps) {
    super(scope, id, props);
    const { resources } = props;

    this.api = new HttpApi(this, 'Api', { description: 'Shop API', createDefaultStage: false });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 200, burstLimit: 400 },
      accessLogSettings: stageAccessLogs(this, {
        method: '$context.httpMethod',
        path: '$context.path',
        protocol: '$context.protocol',
        responseLength: '$context.responseLength',
        latency: '$context.responseLatency',
      }),
    });

    const issuer = `https://cognito-idp.${this.region}.amazonaws.com/${resources.userPool.userPoolId}`;
    const authorizer = new HttpJwtAuthorizer('CognitoAuthorizer', issuer, {
      jwtAudience: [resources.userPoolClient.userPoolClientId],
    });

    for (const route of props.routes) {
      const { fn } = new ShopFunction(this, route.id, {
        handler: route.handler,
        grants: route.grants,
        resources,
        timeout: Duration.seconds(25),
        description: `${route.method} ${route.path}`,
      });
      const [created] = this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${route.id}Integration`, fn),
        ...(route.access !== 'public' && { authorizer }),
      });
      if (route.access === 'public' && created) {
        acknowledge(created, {
          id: 'AwsSolutions-APIG4',
          reason: `${route.method} ${route.path} is declared public in functions/routes.ts.`,
        });
      }
    }
  }
}
