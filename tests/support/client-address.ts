import { randomInt } from 'node:crypto';
import { VIEWER_ADDRESS_HEADER } from '../../functions/lib/client-address';

/**
 * A new visitor's address in 10.0.0.0/8. The rate limits count per client address, so each person
 * a test makes comes from an address of its own, sent in the header CloudFront would set.
 */
export function newClientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export function fromClientAddress(address: string = newClientAddress()): Record<string, string> {
  return { [VIEWER_ADDRESS_HEADER]: address };
}
