import type { App } from 'aws-cdk-lib';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { BUSINESS } from '../../domain/business';

/** The repository root: handler files and the SPA build are found relative to it. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Per-deployment values handlers read from their environment, given as CDK context
 * (`cdk deploy -c siteUrl=https://... -c mailFrom=...`). The site URL is a setting rather than
 * the CloudFront domain so that the API stack does not depend on the web stack that routes to it.
 */
const deploymentSettingsSchema = z.object({
  siteUrl: z.url().default(BUSINESS.siteUrl),
  mailFrom: z.email().default(`no-reply@${new URL(BUSINESS.siteUrl).hostname.replace(/^www\./, '')}`),
  staffEmail: z.email().default(BUSINESS.email),
});

export type DeploymentSettings = z.infer<typeof deploymentSettingsSchema>;

export function deploymentSettings(app: App): DeploymentSettings {
  const parsed = deploymentSettingsSchema.safeParse({
    siteUrl: app.node.tryGetContext('siteUrl'),
    mailFrom: app.node.tryGetContext('mailFrom'),
    staffEmail: app.node.tryGetContext('staffEmail'),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid CDK context: ${problems}`);
  }
  return parsed.data;
}
