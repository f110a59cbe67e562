import { describe, expect, it } from 'vitest';
import type { PartnerAuthentication } from '#domain/punchout/session';
import {
  isPartnerBuyer,
  isStoredArrival,
  partnerArrivalFrom,
  partnerCheckoutHeading,
  partnerSessionEntries,
  partnerSubmitProblem,
  realPageAuthenticationError,
  searchWithoutArrival,
  storedPunchoutSession,
} from './partner-mode';

function storageWith(entries: Record<string, string> | [string, string][]) {
  const map = new Map(Array.isArray(entries) ? entries : Object.entries(entries));
  return { getItem: (key: string) => map.get(key) ?? null };
}

const NOW = Date.parse('2026-11-23T10:00:00Z');
const REALPAGE_START = '?rp=true&s=start-id-0123456789&bc=cookie-1&ru=https%3A%2F%2Fbuyer.example%2Freturn';

const ANSWER: PartnerAuthentication = {
  clientId: 'client-1',
  accountType: 'realpage',
  realPageSessionId: 'start-id-0123456789',
  realPagePropertyAccount: 'ACC-42',
  clientData: { email: 'pat@property.example', firstName: 'Pat', lastName: 'Lee' },
  partnerToken: 'token-1',
  shoppingSessionId: '5f0c2b1e-0000-4000-8000-000000000001',
  buyerSystem: 'RealPage',
  operation: 'create',
  returnUrl: 'https://buyer.example/return',
  expiresAt: '2026-11-24T10:00:00.000Z',
};

function redeemedStorage(now = NOW) {
  return storageWith(partnerSessionEntries(partnerArrivalFrom(REALPAGE_START)!, ANSWER, now));
}

describe('partner arrival', () => {
  it('reads the RealPage form only with rp=true and all of s, bc and ru', () => {
    expect(partnerArrivalFrom(REALPAGE_START)).toEqual({
      startId: 'start-id-0123456789',
      buyerCookie: 'cookie-1',
      returnUrl: 'https://buyer.example/return',
      isRealPage: true,
    });
    expect(partnerArrivalFrom('?rp=true&s=abc&bc=cookie')).toBeNull();
    expect(partnerArrivalFrom('?rp=false&s=abc&bc=cookie&ru=x')).toBeNull();
    expect(partnerArrivalFrom('?rp=true&s=&bc=cookie&ru=x')).toBeNull();
    expect(partnerArrivalFrom('')).toBeNull();
  });

  it("reads other buyers' punchout=true&s form", () => {
    expect(partnerArrivalFrom('?punchout=true&s=abc')).toEqual({ startId: 'abc', isRealPage: false });
    expect(partnerArrivalFrom('?punchout=true')).toBeNull();
  });

  it('takes the start parameters out of the address and keeps the rest', () => {
    expect(searchWithoutArrival(`${REALPAGE_START}&type=standard`)).toBe('?type=standard');
    expect(searchWithoutArrival('?punchout=true&s=abc')).toBe('');
  });
});

describe('stored partner session', () => {
  it("stores the spec's keys, the token and the session's own cart", () => {
    const storage = redeemedStorage();
    expect(storage.getItem('clientId')).toBe('client-1');
    expect(storage.getItem('clientEmail')).toBe('pat@property.example');
    expect(storage.getItem('clientName')).toBe('Pat Lee');
    expect(storage.getItem('accountType')).toBe('realpage');
    expect(storage.getItem('realPageSessionId')).toBe('start-id-0123456789');
    expect(storage.getItem('realPagePropertyAccount')).toBe('ACC-42');
    expect(storage.getItem('realPageReturnUrl')).toBe('https://buyer.example/return');
    expect(JSON.parse(storage.getItem('realPageSession')!)).toEqual({
      sessionId: 'start-id-0123456789',
      buyerCookie: 'cookie-1',
      returnUrl: 'https://buyer.example/return',
      isRealPage: true,
      timestamp: NOW,
    });
    expect(storedPunchoutSession(storage, NOW)).toMatchObject({
      partnerToken: 'token-1',
      shoppingSessionId: ANSWER.shoppingSessionId,
    });
  });

  it("ends at the server's expiry", () => {
    const storage = redeemedStorage();
    expect(storedPunchoutSession(storage, Date.parse('2026-11-24T09:59:59Z'))).not.toBeNull();
    expect(storedPunchoutSession(storage, Date.parse('2026-11-24T10:00:00Z'))).toBeNull();
    expect(storedPunchoutSession(storageWith({ punchoutSession: 'not json' }), NOW)).toBeNull();
  });

  it('needs no second redemption for the start id it holds', () => {
    const storage = redeemedStorage();
    expect(isStoredArrival(storage, partnerArrivalFrom(REALPAGE_START)!, NOW)).toBe(true);
    expect(isStoredArrival(storage, partnerArrivalFrom('?punchout=true&s=another')!, NOW)).toBe(false);
  });
});

describe('partner mode', () => {
  it('recognises an arrival, a signed-in partner account or a live punch-out session', () => {
    expect(isPartnerBuyer(REALPAGE_START, storageWith({}), NOW)).toBe(true);
    expect(isPartnerBuyer('', storageWith({ accountType: 'realpage' }), NOW)).toBe(true);
    expect(
      isPartnerBuyer(
        '',
        storageWith(
          partnerSessionEntries(
            partnerArrivalFrom('?punchout=true&s=x')!,
            { ...ANSWER, buyerSystem: 'Coupa' },
            NOW,
          ).filter(([key]) => key !== 'accountType'),
        ),
        NOW,
      ),
    ).toBe(true);
  });

  it('treats ordinary shoppers as not partner buyers', () => {
    expect(isPartnerBuyer('', storageWith({}), NOW)).toBe(false);
    expect(isPartnerBuyer('?rp=true', storageWith({ accountType: 'residential' }), NOW)).toBe(false);
  });
});

describe('partner submit', () => {
  it('is ready with the whole session stored', () => {
    expect(partnerSubmitProblem(redeemedStorage(), NOW)).toBeNull();
  });

  it("refuses with the spec's message when any part is missing or the session is over", () => {
    const message = 'RealPage session data missing. Please try punching out again.';
    expect(partnerSubmitProblem(storageWith({ clientId: 'client-1' }), NOW)).toBe(message);
    const entries = partnerSessionEntries(partnerArrivalFrom(REALPAGE_START)!, ANSWER, NOW);
    expect(partnerSubmitProblem(storageWith(entries.filter(([key]) => key !== 'realPageReturnUrl')), NOW)).toBe(
      message,
    );
    expect(partnerSubmitProblem(redeemedStorage(), Date.parse('2026-11-25T00:00:00Z'))).toBe(message);
  });

  it("heads the checkout with the buyer's system", () => {
    expect(partnerCheckoutHeading('RealPage')).toBe('Submit Order to RealPage');
    expect(partnerCheckoutHeading('Coupa')).toBe('Return cart to Coupa');
  });

  it("says the server's reason for a refused start page, or the spec's fallback", () => {
    expect(realPageAuthenticationError('This punch-out link has already been used.')).toBe(
      'RealPage Authentication Error: This punch-out link has already been used.',
    );
    expect(realPageAuthenticationError(undefined)).toBe('RealPage Authentication Error: Failed to authenticate');
  });
});
