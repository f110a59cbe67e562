import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnStage, DomainName, HttpApi, HttpMethod, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Certificate, CertificateValidation } from 'aws-cdk-lib/aws-certificatemanager';
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
 * It is reached only by its own domain name, CloudFront's origin for /api/*: the execute-api
 * endpoint is switched off, so no request skips the distribution's web ACL and the viewer address
 * it sets (functions/lib/client-address.ts).
 */
export class HttpApiStack extends Stack {
  readonly api: HttpApi;
  readonly domainName: DomainName;

  constructor(scope: Construct, id: string, props: HttpApiStackProps) {
    super(scope, id, props);
    const { resources } = props;
    const { apiDomainName, apiCertificateArn } = resources.settings;

    this.api = new HttpApi(this, 'Api', { description: 'Shop API', createDefaultStage: false, disableExecuteApiEndpoint: true });
    const certificate = apiCertificateArn
      ? Certificate.fromCertificateArn(this, 'ApiCertificate', apiCertificateArn)
      : new Certificate(this, 'ApiCertificate', { domainName: apiDomainName, validation: CertificateValidation.fromDns() });
    this.domainName = new DomainName(this, 'ApiDomain', { domainName: apiDomainName, certificate });
    new CfnOutput(this, 'ApiDomainTarget', {
      description: `Publish ${apiDomainName} as a CNAME of this name (the API's regional endpoint).`,
      value: this.domainName.regionalDomainName,
    });
    const stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      domainMapping: { domainName: this.domainName },
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

    // API Gateway's per-route throttles, keyed by route key; the stage needs the routes to exist first.
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
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
      if (route.throttle && created) {
        routeSettings[`${route.method} ${route.path}`] = {
          ThrottlingRateLimit: route.throttle.rateLimit,
          ThrottlingBurstLimit: route.throttle.burstLimit,
        };
        stage.node.addDependency(created);
      }
      if (route.access === 'public' && created) {
        acknowledge(created, {
          id: 'AwsSolutions-APIG4',
          reason: `${route.method} ${route.path} is declared public in functions/routes.ts.`,
        });
      }
    }
    (stage.node.defaultChild as CfnStage).routeSettings = routeSettings;
  }
}
