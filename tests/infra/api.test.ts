import { Match, Template } from 'aws-cdk-lib/assertions';
import type { CfnElement, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { httpRoutes, webSocketRoutes } from '../../functions/routes';
import { ADMITTED_ROLES_HEADER, type HttpRoute } from '../../functions/routing';
import { ORIGIN_VERIFY_SECRET_ENV, routeContextOf } from '../../infra/stacks/http-api-stack';
import { buildShopApp } from '../../infra/stacks/shop-app';
import {
  API_REQUESTS_PER_ADDRESS,
  RATE_EVALUATION_WINDOW_SECONDS,
  SITE_REQUESTS_PER_ADDRESS,
} from '../../infra/stacks/waf-stack';
import {
  allStacks,
  logicalId,
  nagErrors,
  roleStatements,
  routeStack,
  shopFunction,
  stacks,
  synthesizeShop,
  template,
  valueFromParent,
  WITHOUT_BUNDLING,
} from './synthesized-shop';

synthesizeShop();

/** The API's routes in `stack`: route key and authorization type. */
const apiRoutesIn = (stack: Stack) =>
  Object.values(template(stack).findResources('AWS::ApiGatewayV2::Route')).map((r) => [
    r.Properties.RouteKey,
    r.Properties.AuthorizationType,
  ]);

describe('HTTP API', () => {
  it('has exactly the declared routes, JWT-authorized unless public, each in the nested stack of its bounded context', () => {
    const actual = [...stacks.httpApi.routeStacks.values()].flatMap(apiRoutesIn);
    const expected = httpRoutes.map((r) => [`${r.method} ${r.path}`, r.access === 'public' ? 'NONE' : 'JWT']);
    expect(actual.sort()).toEqual(expected.sort());
    expect(apiRoutesIn(stacks.httpApi)).toEqual([]);
    for (const route of httpRoutes) {
      expect(apiRoutesIn(routeStack(route)), route.id).toContainEqual([
        `${route.method} ${route.path}`,
        expect.any(String),
      ]);
    }
  });

  it("keeps every stack, nested stacks included, well under CloudFormation's 500 resources", () => {
    for (const stack of allStacks) {
      expect(Object.keys(template(stack).toJSON().Resources).length, stack.node.path).toBeLessThanOrEqual(450);
    }
  });

  it('puts every route that needs a signed-in caller behind the Cognito JWT authorizer of the web client', () => {
    const adminRoute: HttpRoute = {
      id: 'AdminProbe',
      method: 'GET',
      path: '/api/admin/probe',
      handler: httpRoutes[0]!.handler,
      access: 'admin',
      roles: ['owner'],
      grants: [],
    };
    const withAdminRoute = buildShopApp({ context: WITHOUT_BUNDLING }, [...httpRoutes, adminRoute]).stacks.httpApi;
    const api = Template.fromStack(withAdminRoute);
    const probeStack = withAdminRoute.routeStacks.get(routeContextOf(adminRoute))!;
    const [probe] = Object.values(
      Template.fromStack(probeStack).findResources('AWS::ApiGatewayV2::Route', {
        Properties: { RouteKey: 'GET /api/admin/probe' },
      }),
    );
    expect(probe!.Properties.AuthorizationType).toBe('JWT');
    const [authorizerId] = Object.keys(api.findResources('AWS::ApiGatewayV2::Authorizer'));
    expect(valueFromParent(probeStack, probe!.Properties.AuthorizerId, api)).toEqual({ Ref: authorizerId });
    api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Audience: [Match.anyValue()], Issuer: Match.anyValue() },
    });
    const [authorizer] = Object.values(api.findResources('AWS::ApiGatewayV2::Authorizer'));
    expect(JSON.stringify(authorizer?.Properties.JwtConfiguration.Issuer)).toContain('https://cognito-idp.');
  });

  it("hands each staff route's handler the roles its declaration admits, overwriting the caller's header, and no other route", () => {
    const mappings = [...stacks.httpApi.routeStacks.values()].flatMap((stack) =>
      Object.values(template(stack).findResources('AWS::ApiGatewayV2::Integration')).map(
        (integration) => integration.Properties.RequestParameters as Record<string, string> | undefined,
      ),
    );
    const expected = httpRoutes.map((route) =>
      route.roles ? { [`overwrite:header.${ADMITTED_ROLES_HEADER}`]: route.roles.join(',') } : undefined,
    );
    const asText = (list: Array<Record<string, string> | undefined>) =>
      list.map((m) => JSON.stringify(m ?? null)).sort();
    expect(asText(mappings)).toEqual(asText(expected));
    for (const route of httpRoutes.filter(({ roles }) => roles)) {
      const integrations = Object.values(template(routeStack(route)).findResources('AWS::ApiGatewayV2::Integration'));
      expect(
        integrations.map((i) => i.Properties.RequestParameters?.[`overwrite:header.${ADMITTED_ROLES_HEADER}`]),
        route.id,
      ).toContain(route.roles!.join(','));
    }
  });

  it('logs access and throttles the $default stage', () => {
    template(stacks.httpApi).hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.anyValue() },
      DefaultRouteSettings: { ThrottlingRateLimit: Match.anyValue(), ThrottlingBurstLimit: Match.anyValue() },
    });
  });

  it('throttles each route that declares a throttle, on the stage, once the route exists', () => {
    const declared = httpRoutes.filter((r) => r.throttle);
    expect(declared.map((r) => r.id).sort()).toEqual([
      'BookAppointment',
      'BookInstallationByToken',
      'CancelAppointmentByToken',
      'CancelInstallationByToken',
      'CloseClientAccount',
      'CloseMyAccount',
      'CreateQuotes',
      'CreateRegistration',
      'CreateResumeUpload',
      'CreateReturnPhotoUpload',
      'EmailCustomerQuote',
      'PunchoutCxml',
      'RequestPriceMatch',
      'RescheduleAppointmentByToken',
      'StartChat',
      'SubmitContactMessage',
      'SubmitJobApplication',
      'SubmitReturnRequest',
      'SubmitSampleRequest',
    ]);
    const [stage] = Object.values(template(stacks.httpApi).findResources('AWS::ApiGatewayV2::Stage'));
    expect(stage!.Properties.RouteSettings).toEqual(
      Object.fromEntries(
        declared.map((r) => [
          `${r.method} ${r.path}`,
          { ThrottlingRateLimit: r.throttle!.rateLimit, ThrottlingBurstLimit: r.throttle!.burstLimit },
        ]),
      ),
    );
    // A route in a nested stack is depended on through that stack.
    const routeStackIds = declared.map((r) =>
      stacks.httpApi.resolve((routeStack(r).nestedStackResource as CfnElement).logicalId),
    );
    expect(stage!.DependsOn).toEqual(expect.arrayContaining(routeStackIds));
  });

  it('has no execute-api endpoint: only its own domain, mapped to the stage, reaches it', () => {
    const api = template(stacks.httpApi);
    api.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP', DisableExecuteApiEndpoint: true });
    api.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api.hillbrookblinds.com',
      DomainNameConfigurations: [{ CertificateArn: Match.anyValue(), EndpointType: 'REGIONAL' }],
    });
    api.hasResourceProperties('AWS::ApiGatewayV2::ApiMapping', {
      Stage: '$default',
      DomainName: { Ref: Match.stringLikeRegexp('^ApiDomain') },
    });
  });

  it('takes the API domain and its certificate from CDK context, or requests a DNS-validated one', () => {
    const certificateArn = 'arn:aws:acm:us-east-1:111122223333:certificate/0a1b2c3d-1111-2222-3333-444455556666';
    const withContext = buildShopApp({
      context: { ...WITHOUT_BUNDLING, apiDomainName: 'api.example.com', apiCertificateArn: certificateArn },
    }).stacks.httpApi;
    const api = Template.fromStack(withContext);
    api.resourceCountIs('AWS::CertificateManager::Certificate', 0);
    api.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api.example.com',
      DomainNameConfigurations: [{ CertificateArn: certificateArn, EndpointType: 'REGIONAL' }],
    });
    template(stacks.httpApi).hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: 'api.hillbrookblinds.com',
      ValidationMethod: 'DNS',
    });
  });
});

describe("the API's origin secret", () => {
  const secretRef = () => ({ Ref: logicalId(stacks.httpApi, stacks.httpApi.originSecret) });

  it('is generated by Secrets Manager: its value is in no template', () => {
    const secrets = Object.values(template(stacks.httpApi).findResources('AWS::SecretsManager::Secret'));
    expect(secrets).toHaveLength(1);
    expect(secrets[0]!.Properties).toMatchObject({
      GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true },
    });
    expect(secrets[0]!.Properties.SecretString).toBeUndefined();
  });

  it('is named to every HTTP route function, which may read it, so no deployed route runs without the check', () => {
    for (const route of httpRoutes) {
      const stack = routeStack(route);
      const fn = shopFunction(stack, route.id);
      const env = template(stack).toJSON().Resources[logicalId(stack, fn)].Properties.Environment.Variables;
      expect(valueFromParent(stack, env[ORIGIN_VERIFY_SECRET_ENV]), route.id).toEqual(secretRef());
      const reads = roleStatements(stack, fn).filter((s) =>
        [s.Action].flat().includes('secretsmanager:GetSecretValue'),
      );
      expect(
        reads.map((s) => valueFromParent(stack, s.Resource)),
        route.id,
      ).toEqual([secretRef()]);
    }
  });
});

describe('WebSocket API', () => {
  it('has exactly the declared routes on an auto-deployed stage "live"', () => {
    const routes = template(stacks.webSocket).findResources('AWS::ApiGatewayV2::Route');
    expect(
      Object.values(routes)
        .map((r) => r.Properties.RouteKey)
        .sort(),
    ).toEqual(webSocketRoutes.map((r) => r.routeKey).sort());
    template(stacks.webSocket).hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'live',
      AutoDeploy: true,
    });
  });
});

describe('WAF', () => {
  const rules = () => {
    const [acl] = Object.values(template(stacks.waf).findResources('AWS::WAFv2::WebACL'));
    expect(acl!.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    return acl!.Properties.Rules as Array<{
      Name: string;
      Statement: { RateBasedStatement: Record<string, unknown> };
      Action: unknown;
    }>;
  };

  it('limits the requests of each client address to the API and to the whole site, answering 429', () => {
    expect(stacks.waf.region).toBe('us-east-1');
    const limits = rules()
      .slice(0, 2)
      .map(({ Statement, Action }) => {
        expect(Statement.RateBasedStatement).toMatchObject({
          AggregateKeyType: 'IP',
          EvaluationWindowSec: RATE_EVALUATION_WINDOW_SECONDS,
        });
        expect(Action).toMatchObject({ Block: { CustomResponse: { ResponseCode: 429 } } });
        return [
          Statement.RateBasedStatement.Limit,
          JSON.stringify(Statement.RateBasedStatement.ScopeDownStatement ?? null),
        ];
      });
    expect(limits).toEqual([
      [API_REQUESTS_PER_ADDRESS, expect.stringContaining('"SearchString":"/api/"')],
      [SITE_REQUESTS_PER_ADDRESS, 'null'],
    ]);
  });

  /** A request's method and path, as a caller would send it to `route` (any value in each parameter). */
  const requestTo = (route: HttpRoute) => ({
    method: route.method,
    path: route.path.replace(/\{[A-Za-z0-9_]+\+?\}/g, 'a-value'),
  });

  /** Whether a rule's scope-down takes a request: its method and path statements, as WAF reads them. */
  function scopeTakes(statement: Record<string, any>, request: { method: string; path: string }): boolean {
    if (statement.OrStatement)
      return statement.OrStatement.Statements.some((inner: Record<string, any>) => scopeTakes(inner, request));
    if (statement.AndStatement)
      return statement.AndStatement.Statements.every((inner: Record<string, any>) => scopeTakes(inner, request));
    if (statement.ByteMatchStatement) {
      expect(statement.ByteMatchStatement).toMatchObject({
        FieldToMatch: { Method: {} },
        PositionalConstraint: 'EXACTLY',
      });
      return statement.ByteMatchStatement.SearchString === request.method;
    }
    expect(statement.RegexMatchStatement.FieldToMatch).toEqual({ UriPath: {} });
    return new RegExp(statement.RegexMatchStatement.RegexString).test(request.path);
  }

  it('limits each client address on the routes of each declared rate per address, and on no other route', () => {
    const declared = new Map(
      httpRoutes.flatMap((route) =>
        route.throttle?.perAddress ? [[route.throttle.perAddress.name, route.throttle.perAddress] as const] : [],
      ),
    );
    const scoped = rules().slice(2);
    expect(scoped.map((rule) => rule.Name).sort()).toEqual([...declared.keys()].sort());
    for (const { Name, Statement, Action } of scoped) {
      const rate = declared.get(Name)!;
      expect(Statement.RateBasedStatement).toMatchObject({
        AggregateKeyType: 'IP',
        Limit: rate.limit,
        EvaluationWindowSec: rate.windowSeconds,
      });
      expect(Action).toMatchObject({
        Block: {
          CustomResponse: {
            ResponseCode: 429,
            ResponseHeaders: [{ Name: 'retry-after', Value: String(rate.windowSeconds) }],
          },
        },
      });
      const scope = Statement.RateBasedStatement.ScopeDownStatement as Record<string, any>;
      const taken = httpRoutes.filter((route) => scopeTakes(scope, requestTo(route)));
      expect(taken.map((route) => route.id).sort()).toEqual(
        httpRoutes
          .filter((route) => route.throttle?.perAddress?.name === Name)
          .map((route) => route.id)
          .sort(),
      );
    }
  });

  it('sets every route throttle above what one client address may send the route, so only a crowd reaches it', () => {
    for (const route of httpRoutes.filter((candidate) => candidate.throttle)) {
      const perAddress = route.throttle!.perAddress;
      const oneAddressPerSecond = Math.min(
        API_REQUESTS_PER_ADDRESS / RATE_EVALUATION_WINDOW_SECONDS,
        perAddress ? perAddress.limit / perAddress.windowSeconds : Infinity,
      );
      expect(route.throttle!.rateLimit, route.id).toBeGreaterThan(oneAddressPerSecond);
    }
  });

  it('is attached to the distribution', () => {
    const [distribution] = Object.values(template(stacks.web).findResources('AWS::CloudFront::Distribution'));
    expect(JSON.stringify(distribution!.Properties.DistributionConfig.WebACLId)).toMatch(/ShopWaf.*EdgeWebAcl/);
  });

  it('stays in us-east-1 when the shop is deployed in another region, its ARN read across regions', () => {
    const region = process.env.CDK_DEFAULT_REGION;
    process.env.CDK_DEFAULT_REGION = 'us-east-2';
    try {
      // No Lambda bundling: this checks where the stacks are and how they reference each other.
      const { app, stacks: elsewhere } = buildShopApp({ context: WITHOUT_BUNDLING });
      const synthesized = app.synth();
      expect([elsewhere.web.region, elsewhere.httpApi.region, elsewhere.waf.region]).toEqual([
        'us-east-2',
        'us-east-2',
        'us-east-1',
      ]);
      const web = Template.fromStack(elsewhere.web);
      web.resourceCountIs('Custom::CrossRegionExportReader', 1);
      const [distribution] = Object.values(web.findResources('AWS::CloudFront::Distribution'));
      expect(JSON.stringify(distribution!.Properties.DistributionConfig.WebACLId)).toMatch(/ExportsReader.*EdgeWebAcl/);
      expect(nagErrors(synthesized.directory)).toEqual([]);
    } finally {
      if (region === undefined) delete process.env.CDK_DEFAULT_REGION;
      else process.env.CDK_DEFAULT_REGION = region;
    }
  });
});
