/**
 * Partner sessions (domain/punchout/README.md; docs/decisions/0017): redeeming a start page once
 * (POST /api/punchout/sessions), the session while it lives (GET /api/punchout/session), and who a
 * partner token is on the other routes. Refusals answer `{ error }` (the partner page's field) and
 * `message` (every other client's).
 */
import type { Context } from 'aws-lambda';
import { SESSION_ID_HEADER } from '#domain/cart/session';
import type { PunchoutConfiguration } from '#domain/punchout/configuration';
import {
  PARTNER_SESSION_TTL_MS,
  isStartIdShaped,
  redeemStartRequestSchema,
  type PartnerAuthentication,
  type PartnerClientData,
  type PartnerSessionView,
} from '#domain/punchout/session';
import { PARTNER_MESSAGES, PARTNER_SESSION_HEADER } from '#domain/punchout/partner-messages';
import { readClientProfile } from '../accounts/client-store';
import { addBlindsAtPrices } from '../cart/priced-adds';
import type { Visitor } from '../cart/cart-store';
import { httpHandler, HttpError, json, parseBody, refusalOf, type HttpEvent, type HttpResult } from '../lib/http';
import { logger } from '../lib/logger';
import { epochSeconds } from '../lib/table/expiry';
import { readConfiguration } from './configuration-store';
import {
  randomId,
  readPartnerSession,
  readStart,
  redeemStart,
  tokenHashOf,
  type PartnerSession,
  type StartRecord,
} from './sessions-store';

/** Like httpHandler, with a refusal's sentence also as `error`, the field the partner pages read. */
export function partnerHandler(handle: (event: HttpEvent, context: Context) => Promise<HttpResult>) {
  return httpHandler(async (event, context) => {
    try {
      return await handle(event, context);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal && refusal.statusCode < 500) {
        return json(
          refusal.statusCode,
          {
            error: refusal.message,
            message: refusal.message,
            ...(refusal.fieldErrors && { fieldErrors: refusal.fieldErrors }),
          },
          refusal.headers,
        );
      }
      throw error;
    }
  });
}

export interface PartnerCaller {
  session: PartnerSession;
  tokenHash: string;
  configuration: PunchoutConfiguration;
  /** The partner cart: the cart of the session's own shopping session, of no client. */
  visitor: Visitor;
}

/**
 * The partner session of the request's `x-partner-session`, or null when it carries none. An
 * unknown or expired token, or one of a configuration no longer active, is a 401 (never silently
 * a retail shopper); a token sent with another shopping session id than its own is a 403.
 */
export async function partnerCallerOf(event: HttpEvent, now: Date): Promise<PartnerCaller | null> {
  const token = event.headers[PARTNER_SESSION_HEADER];
  if (token === undefined) return null;
  const session = token ? await readPartnerSession(token, now) : undefined;
  if (!session) throw new HttpError(401, PARTNER_MESSAGES.sessionMissing);
  const shoppingSessionId = event.headers[SESSION_ID_HEADER];
  if (shoppingSessionId !== undefined && shoppingSessionId !== session.shoppingSessionId)
    throw new HttpError(403, PARTNER_MESSAGES.sessionMismatch);
  const configuration = await readConfiguration(session.configId);
  if (!configuration?.active) throw new HttpError(401, PARTNER_MESSAGES.sessionMissing);
  return {
    session,
    tokenHash: tokenHashOf(token),
    configuration,
    visitor: { sessionId: session.shoppingSessionId, clientId: null },
  };
}

/** A partner route's caller: a partner token is required. */
export async function requiredPartnerCaller(event: HttpEvent, now: Date): Promise<PartnerCaller> {
  const caller = await partnerCallerOf(event, now);
  if (!caller) throw new HttpError(401, PARTNER_MESSAGES.sessionMissing);
  return caller;
}

function viewOf(session: PartnerSession): PartnerSessionView {
  return {
    clientId: session.clientId,
    accountType: 'realpage',
    realPageSessionId: session.sessionId,
    realPagePropertyAccount: session.accountNumber,
    clientData: session.clientData,
    shoppingSessionId: session.shoppingSessionId,
    buyerSystem: session.buyerSystem,
    operation: session.operation,
    returnUrl: session.returnUrl,
    expiresAt: new Date(session.expiresAt * 1000).toISOString(),
  };
}

/** Why a start id cannot be redeemed, as the page says it. */
function startRefusal(start: StartRecord | undefined, system: string, now: Date): HttpError {
  if (!start) return new HttpError(401, PARTNER_MESSAGES.startUnknown);
  if (start.redeemedAt) return new HttpError(401, PARTNER_MESSAGES.startUsed(system));
  if (start.expiresAt <= epochSeconds(now)) return new HttpError(401, PARTNER_MESSAGES.startExpired(system));
  return new HttpError(401, PARTNER_MESSAGES.startUnknown);
}

/** The buyer's user where the setup request named them, the configuration's client's profile where it did not. */
async function clientDataOf(buyer: PartnerClientData, clientId: string): Promise<PartnerClientData> {
  if (buyer.email && buyer.firstName) return buyer;
  const profile = await readClientProfile(clientId);
  return {
    email: buyer.email || profile?.email || '',
    firstName: buyer.firstName || profile?.firstName || '',
    lastName: buyer.firstName ? buyer.lastName : buyer.lastName || profile?.lastName || '',
  };
}

/** POST /api/punchout/sessions: the start page's `s` (with RealPage's `bc` and `ru`, which must be the issued ones) opens a partner session, once. */
export const redeemPunchoutStart = partnerHandler(async (event) => {
  const now = new Date();
  const request = parseBody(event, redeemStartRequestSchema);
  if (!isStartIdShaped(request.s)) throw new HttpError(401, PARTNER_MESSAGES.startUnknown);
  const start = await readStart(request.s);
  const configuration = start && (await readConfiguration(start.configId));
  const system = configuration?.buyerSystem ?? 'your procurement system';
  if (!start || !configuration || start.redeemedAt || start.expiresAt <= epochSeconds(now))
    throw startRefusal(start, system, now);
  if (!configuration.active) throw new HttpError(401, PARTNER_MESSAGES.startUnknown);
  const realPageForm = configuration.buyerSystem === 'RealPage';
  if (realPageForm && (request.bc !== start.buyerCookie || request.ru !== start.returnUrl))
    throw new HttpError(401, PARTNER_MESSAGES.startMismatch);

  const token = randomId() + randomId();
  const session: PartnerSession = {
    sessionId: start.startId,
    configId: configuration.id,
    clientId: configuration.clientId,
    accountNumber: configuration.accountNumber,
    buyerSystem: configuration.buyerSystem,
    buyerCookie: start.buyerCookie,
    returnUrl: start.returnUrl,
    operation: start.operation,
    clientData: await clientDataOf(start.buyer, configuration.clientId),
    shoppingSessionId: randomId(),
    createdAt: now.toISOString(),
    expiresAt: epochSeconds(new Date(now.getTime() + PARTNER_SESSION_TTL_MS)),
  };
  if (!(await redeemStart(start.startId, { ...session, tokenHash: tokenHashOf(token) }, now))) {
    throw startRefusal(await readStart(start.startId), system, now);
  }
  const visitor: Visitor = { sessionId: session.shoppingSessionId, clientId: null };
  const { failures } = await addBlindsAtPrices(
    visitor,
    start.restoredLines.map((line, index) => ({ ...line, index })),
    now,
  );
  if (failures.length > 0)
    logger.warn('Lines of the buyer cart could not be put back', { startId: start.startId, failures });
  return json(200, { ...viewOf(session), partnerToken: token } satisfies PartnerAuthentication);
});

/** GET /api/punchout/session: the partner session while it lives. */
export const getPunchoutSession = partnerHandler(async (event) => {
  const { session } = await requiredPartnerCaller(event, new Date());
  return json(200, viewOf(session));
});
