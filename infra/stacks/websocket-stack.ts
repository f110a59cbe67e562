import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Construct } from 'constructs';
import { stageAccessLogs } from './access-logs';
import { webSocketRoutes } from '../../functions/routes';
import { ShopFunction, type ShopResources } from './shop-function';
import { acknowledge } from './nag';

export const WEBSOCKET_STAGE_NAME = 'live';

export interface WebSocketStackProps extends StackProps {
  resources: Omit<ShopResources, 'webSocket'>;
}

/** The WebSocket API (live chat), one route and function per entry of webSocketRoutes (routed by the message's `action`). */
export class WebSocketStack extends Stack {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;

  constructor(scope: Construct, id: string, props: WebSocketStackProps) {
    super(scope, id, props);

    // Routes are added after the functions, which need the stage's management URL.
    this.api = new WebSocketApi(this, 'Api', { description: 'Live chat between shoppers and staff' });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: WEBSOCKET_STAGE_NAME,
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: stageAccessLogs(this, {
        eventType: '$context.eventType',
        connectionId: '$context.connectionId',
      }),
    });

    const resources: ShopResources = { ...props.resources, webSocket: { api: this.api, stage: this.stage } };
    for (const route of webSocketRoutes) {
      const { fn } = new ShopFunction(this, route.id, {
        handler: route.handler,
        grants: route.grants,
        resources,
        timeout: Duration.seconds(25),
        description: `WebSocket ${route.routeKey}`,
      });
      this.api.addRoute(route.routeKey, { integration: new WebSocketLambdaIntegration(`${route.id}Integration`, fn) });
    }

    acknowledge(this.api, {
      id: 'AwsSolutions-APIG4',
      reason:
        "Guests may chat, so $connect has no authorizer of API Gateway's: its handler admits only a chat's customer (the chat's secret, or the token of the client who started it) and staff (an access token of the admin group), and refuses everything else with 401 or 403.",
    });
  }
}
