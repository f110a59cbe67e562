import type { IncomingMessage } from 'node:http';
import { VIEWER_ADDRESS_HEADER } from '../../functions/lib/client-address';
import { remoteAddressOf } from './http-util';

/**
 * What CloudFront's viewer-request function on /api/* does on AWS (`forwardViewerAddress` in
 * infra/stacks/web-stack.ts): the connection's address in True-Client-IP, replacing any value the
 * caller sent, so no caller chooses the address the per-client rate limits count.
 */
export function setViewerAddress(req: IncomingMessage): void {
  const address = remoteAddressOf(req);
  const rawHeaders: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] as string;
    if (name.toLowerCase() !== VIEWER_ADDRESS_HEADER) rawHeaders.push(name, req.rawHeaders[i + 1] as string);
  }
  // The gateway builds the event's headers from rawHeaders; headers is kept the same.
  req.rawHeaders = [...rawHeaders, VIEWER_ADDRESS_HEADER, address];
  req.headers[VIEWER_ADDRESS_HEADER] = address;
}
