import { randomInt } from 'node:crypto';
import { Agent, fetch } from 'undici';

/**
 * A new visitor's address on this machine: 127.0.0.0/8 is loopback on Linux, so a test can send
 * from any 127.x.y.z, and the local stack (which, as CloudFront does, gives the handlers the
 * connection's address in True-Client-IP) counts it as a client of its own. Never 127.0.0.1, where
 * every plain request comes from.
 */
export function newClientAddress(): string {
  return `127.${randomInt(1, 256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/**
 * fetch, sending from `address`. The rate limits count per client address, so each person a test
 * makes comes from an address of its own, as different people would. The servers it reaches listen
 * on 127.0.0.1 (IPv4), which takes connections from the whole of 127.0.0.0/8.
 */
export function fetchFrom(address: string = newClientAddress()): typeof fetch {
  const dispatcher = new Agent({ localAddress: address, connect: { family: 4 } });
  return (input, init) => fetch(input, { ...init, dispatcher });
}
