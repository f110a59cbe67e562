import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { httpRoutes } from '../../functions/routes';
import { routePathPattern, type AddressRate, type HttpRoute } from '../../functions/routing';

/** CloudFront's web ACLs live in us-east-1, wherever the rest of the shop is deployed. */
export const CLOUDFRONT_WAF_REGION = 'us-east-1';

/** How far back WAF counts a client address's requests (it re-counts about every 10 s). */
export const RATE_EVALUATION_WINDOW_SECONDS = 300;

/**
 * Requests to /api/ one client address may send in a window: a shopper's pages make a few calls
 * each (cart count, catalogue, saving a configuration), so this only stops floods and scripts.
 */
export const API_REQUESTS_PER_ADDRESS = 1000;

/** Requests of any kind one client address may send in a window: a first visit loads some 50 files. */
export const SITE_REQUESTS_PER_ADDRESS = 3000;

const TOO_MANY_REQUESTS_BODY = 'TooManyRequests';

/**
 * The web ACL in front of the CloudFront distribution (site and API): rate-based rules per client
 * address, answering 429 like API Gateway's throttle: one for the whole site, one for /api/, and one
 * for each group of routes whose throttle declares a rate per address (functions/routes.ts), counted
 * over those routes alone. The shop's own limits per recipient and per address
 * (domain/rate-limits.ts) sit behind it, on the routes that send mail.
 */
export class WafStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    const webAcl = new CfnWebACL(this, 'EdgeWebAcl', {
      scope: 'CLOUDFRONT',
      description: 'Shop site and API: requests per client address',
      defaultAction: { allow: {} },
      visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'ShopEdge', sampledRequestsEnabled: true },
      customResponseBodies: {
        [TOO_MANY_REQUESTS_BODY]: { contentType: 'APPLICATION_JSON', content: '{"message":"Too Many Requests"}' },
      },
      rules: [
        rateRule('ApiRequestsPerAddress', 0, API_REQUESTS_PER_ADDRESS, {
          byteMatchStatement: {
            fieldToMatch: { uriPath: {} },
            positionalConstraint: 'STARTS_WITH',
            searchString: '/api/',
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        }),
        rateRule('RequestsPerAddress', 1, SITE_REQUESTS_PER_ADDRESS),
        ...routeAddressRates().map(({ rate, routes }, i) =>
          rateRule(rate.name, 2 + i, rate.limit, anyOf(routes.map(routeStatement)), rate.windowSeconds),
        ),
      ],
    });
    this.webAclArn = webAcl.attrArn;
  }
}

/** Each rate per address the route declarations name, with the routes that share it. */
function routeAddressRates(): Array<{ rate: AddressRate; routes: HttpRoute[] }> {
  const groups = new Map<string, { rate: AddressRate; routes: HttpRoute[] }>();
  for (const route of httpRoutes) {
    const rate = route.throttle?.perAddress;
    if (!rate) continue;
    const group = groups.get(rate.name) ?? { rate, routes: [] };
    group.routes.push(route);
    groups.set(rate.name, group);
  }
  return [...groups.values()];
}

/** A route as CloudFront's viewer sends it: its method, and its path with any value in each parameter. */
function routeStatement(route: HttpRoute): CfnWebACL.StatementProperty {
  return {
    andStatement: {
      statements: [
        {
          byteMatchStatement: {
            fieldToMatch: { method: {} },
            positionalConstraint: 'EXACTLY',
            searchString: route.method,
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        },
        {
          regexMatchStatement: {
            fieldToMatch: { uriPath: {} },
            regexString: `^${routePathPattern(route.path)}$`,
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        },
      ],
    },
  };
}

/** WAF's OR takes two statements or more. */
function anyOf(statements: CfnWebACL.StatementProperty[]): CfnWebACL.StatementProperty {
  return statements.length === 1 ? statements[0]! : { orStatement: { statements } };
}

function rateRule(
  name: string,
  priority: number,
  limit: number,
  scopeDownStatement?: CfnWebACL.StatementProperty,
  evaluationWindowSec: number = RATE_EVALUATION_WINDOW_SECONDS,
): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    statement: {
      rateBasedStatement: {
        aggregateKeyType: 'IP',
        limit,
        evaluationWindowSec,
        ...(scopeDownStatement && { scopeDownStatement }),
      },
    },
    action: {
      block: {
        customResponse: {
          responseCode: 429,
          customResponseBodyKey: TOO_MANY_REQUESTS_BODY,
          responseHeaders: [{ name: 'retry-after', value: String(evaluationWindowSec) }],
        },
      },
    },
    visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: name, sampledRequestsEnabled: true },
  };
}
