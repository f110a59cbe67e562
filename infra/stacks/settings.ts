import type { App } from 'aws-cdk-lib';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { BusinessSettings } from '#domain/business';
import { readBusinessSettings } from '../business-settings';
import { parseAnalyticsSetting, parseMeasurePopupAutoShow, type AnalyticsConfig } from '#domain/runtime-config';

/** The repository root: handler files and the SPA build are found relative to it. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const PRODUCTION_STAGE = 'production';

/**
 * Per-deployment values handlers read from their environment, given as CDK context
 * (`cdk deploy -c siteUrl=https://... -c mailFrom=...`). The site URL is a setting rather than
 * the CloudFront domain so that the API stack does not depend on the web stack that routes to it.
 */
const deploymentSettingsSchema = (business: BusinessSettings) =>
  z
    .object({
      siteUrl: z.url().default(business.siteUrl),
      mailFrom: z.email().default(`no-reply@${siteDomain(business.siteUrl)}`),
      staffEmail: z.email().default(business.email),
      /**
       * The HTTP API's own domain name: CloudFront's origin for /api/*, since the API's execute-api
       * endpoint is switched off. Default: `api.` and the site's domain.
       */
      apiDomainName: z.hostname().optional(),
      /**
       * An ACM certificate for `apiDomainName` in the shop's region. Without one the API stack
       * requests a certificate validated by DNS (the deploy waits until its record is published).
       */
      apiCertificateArn: z
        .string()
        .regex(/^arn:aws[\w-]*:acm:/, 'Expected an ACM certificate ARN')
        .optional(),
      /**
       * Which copy of the shop this is: `production`, or another stage (`staging`) deployed beside it
       * in the same account, its stacks and named resources told apart by the stage (stagedName).
       */
      stage: z
        .string()
        .regex(/^[a-z][a-z0-9-]{0,19}$/, 'Expected lower-case letters, digits and dashes')
        .default(PRODUCTION_STAGE),
      /** Who the alarms mail (an SNS e-mail subscription, confirmed from the first mail); none when unset. */
      opsEmail: z.email().optional(),
    })
    .transform((settings) => ({
      ...settings,
      apiDomainName: settings.apiDomainName ?? `api.${siteDomain(settings.siteUrl)}`,
    }));

/**
 * A name that must be unique in the account (a stack, an event bus, a queue, a dashboard): as given
 * for production, with the stage after it for any other stage.
 */
export function stagedName(settings: Pick<DeploymentSettings, 'stage'>, name: string, separator = '-'): string {
  return settings.stage === PRODUCTION_STAGE ? name : `${name}${separator}${settings.stage}`;
}

/** The site www.example.com belongs to the domain example.com. */
function siteDomain(siteUrl: string): string {
  return new URL(siteUrl).hostname.replace(/^www\./, '');
}

export type DeploymentSettings = z.infer<ReturnType<typeof deploymentSettingsSchema>> & {
  /**
   * The business's name, phone, e-mail, address, hours and service area (context `business`: a JSON
   * file name, JSON text, or an object in cdk.json; default config/business.local.json), given to
   * every function. The SPA's build reads the same file (BUSINESS_SETTINGS_FILE, README: Configuration).
   */
  business: BusinessSettings;
  /** Where the SPA sends page views (context `analytics`, JSON as in domain/runtime-config.ts); none when unset. */
  analytics?: AnalyticsConfig;
  /** The measurement dialog opens by itself (context `measurePopupAutoShow`, true or false); default on. */
  measurePopupAutoShow: boolean;
};

export function deploymentSettings(app: App): DeploymentSettings {
  const business = readBusinessSettings(app.node.tryGetContext('business'), 'Invalid CDK context business');
  const parsed = deploymentSettingsSchema(business).safeParse({
    siteUrl: app.node.tryGetContext('siteUrl'),
    mailFrom: app.node.tryGetContext('mailFrom'),
    staffEmail: app.node.tryGetContext('staffEmail'),
    apiDomainName: app.node.tryGetContext('apiDomainName'),
    apiCertificateArn: app.node.tryGetContext('apiCertificateArn'),
    stage: app.node.tryGetContext('stage'),
    opsEmail: app.node.tryGetContext('opsEmail'),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid CDK context: ${problems}`);
  }
  // JSON on the command line (`-c analytics='{"provider":"ga4","measurementId":"G-…"}'`) or an object in cdk.json.
  const analytics = parseAnalyticsSetting(app.node.tryGetContext('analytics'), 'Invalid CDK context analytics');
  const measurePopupAutoShow = parseMeasurePopupAutoShow(
    app.node.tryGetContext('measurePopupAutoShow'),
    'Invalid CDK context measurePopupAutoShow',
  );
  return { ...parsed.data, business, analytics, measurePopupAutoShow };
}
