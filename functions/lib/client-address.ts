import { isIP } from 'node:net';
import type { HttpEvent } from './http';

/**
 * The header CloudFront's viewer-request function on /api/* sets to the viewer's address
 * (infra/stacks/web-stack.ts), replacing any value the viewer sent. The API's own sourceIp is
 * CloudFront's there; on one machine there is no CloudFront, so sourceIp is the caller's.
 */
export const VIEWER_ADDRESS_HEADER = 'true-client-ip';

/**
 * The address a request comes from, for the per-client rate limits. The header is trusted because
 * the API has no execute-api endpoint: on AWS it is reached through CloudFront (see
 * docs/decisions/0011-rate-limits.md for what a request to the API's own domain could still do).
 */
export function clientAddressOf(event: HttpEvent): string {
  const viewer = event.headers[VIEWER_ADDRESS_HEADER]?.trim();
  return viewer && isIP(viewer) ? viewer : event.requestContext.http.sourceIp;
}
