import { z } from 'zod';

/**
 * What the browser needs to know about the deployment it talks to, served as /config.json next to
 * the SPA (written by the CDK web stack on AWS, by the local server on one machine), so one build
 * of the SPA runs anywhere.
 */
export const runtimeConfigSchema = z.object({
  region: z.string(),
  /** Base URL of the HTTP API; '/api' when CloudFront or the local server route it on the same origin. */
  apiBaseUrl: z.string(),
  webSocketUrl: z.string(),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  /** Only set on one machine, where cognito-local stands in for Cognito. */
  userPoolEndpoint: z.string().optional(),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
