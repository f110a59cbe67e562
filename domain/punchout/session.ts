/**
 * Partner sessions (README.md beside this file: start page, partner session, submission): the
 * start page's URL, the requests and answers of /api/punchout/sessions, /session and /submit, their
 * messages, and what a submitted line says to a purchasing clerk. Shared by the handlers and the
 * browser's API client.
 */
import * as z from 'zod';
import { colorName, describeLine, formatSize, lineTitle } from '../cart/line';
import { FAMILIES, seriesInfo, type FamilyId } from '../catalogue/families';
import { WAND_TILT_LABELS } from '../catalogue/options';
import { skuFor } from '../catalogue/sku';
import type { Configuration } from '../pricing/configuration';
import { SHOP_NETWORK_ID, SHOP_USER_AGENT } from './cxml/identity';
import { RETURN_FIELDS, type PunchoutConfiguration } from './configuration';
import type { CxmlParties, PunchOutOperation, PunchOutOrderLine, PunchOutSetupRequest } from './cxml/types';

/** A start page is single use and valid this long after the setup request. */
export const START_PAGE_TTL_SECONDS = 5 * 60;

/** A partner session lives 24 hours from the redemption of its start page. */
export const PARTNER_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

export const PUNCHOUT_OPERATIONS = ['create', 'edit', 'inspect'] as const satisfies readonly PunchOutOperation[];
export type PunchoutOperation = (typeof PUNCHOUT_OPERATIONS)[number];

/** The buyer may edit a returned cart later, except one shown for inspection. */
export function operationAllowedAfter(operation: PunchOutOperation): 'edit' | 'inspect' {
  return operation === 'inspect' ? 'inspect' : 'edit';
}

/**
 * The start page a PunchOutSetupResponse carries. RealPage's form carries the buyer cookie and
 * return URL, which the browser's arrival flow reads (and the server checks against the issued
 * ones); other buyers get only the start id.
 */
export function startPageUrl(
  origin: string,
  start: { startId: string; realPageForm: boolean; buyerCookie: string; returnUrl: string },
): string {
  const url = new URL('/', origin);
  if (start.realPageForm) {
    url.searchParams.set('rp', 'true');
    url.searchParams.set('s', start.startId);
    url.searchParams.set('bc', start.buyerCookie);
    url.searchParams.set('ru', start.returnUrl);
  } else {
    url.searchParams.set('punchout', 'true');
    url.searchParams.set('s', start.startId);
  }
  return url.toString();
}

const START_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Whether `s` could be a start id the server issued (anything else is simply unknown). */
export function isStartIdShaped(s: string): boolean {
  return START_ID_PATTERN.test(s);
}

/** POST /api/punchout/sessions: the start page's parameters. */
export const redeemStartRequestSchema = z.object({
  s: z.string().max(128),
  bc: z.string().max(512).optional(),
  ru: z.string().max(2048).optional(),
});
export type RedeemStartRequest = z.infer<typeof redeemStartRequestSchema>;

/** The buyer's user: from the setup request's extrinsics (FirstName, LastName, UserEmail) and Contact, else the configuration's client. */
export const partnerClientDataSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type PartnerClientData = z.infer<typeof partnerClientDataSchema>;

/** 200 of GET /api/punchout/session: the session while it lives. */
export const partnerSessionViewSchema = z.object({
  /** The configuration's client: the account the buyer shops as. */
  clientId: z.string(),
  accountType: z.literal('realpage'),
  /** The partner session's id (the start page's `s`): the browser compares it with the URL's to skip a second authentication. */
  realPageSessionId: z.string(),
  /** The configuration's account number. */
  realPagePropertyAccount: z.string(),
  clientData: partnerClientDataSchema,
  /** The partner cart is the cart of this shopping session. */
  shoppingSessionId: z.string(),
  buyerSystem: z.string(),
  operation: z.enum(PUNCHOUT_OPERATIONS),
  returnUrl: z.string(),
  expiresAt: z.iso.datetime(),
});
export type PartnerSessionView = z.infer<typeof partnerSessionViewSchema>;

/** 200 of POST /api/punchout/sessions: the session and its token, which only this answer ever holds. */
export const partnerAuthenticationSchema = partnerSessionViewSchema.extend({ partnerToken: z.string() });
export type PartnerAuthentication = z.infer<typeof partnerAuthenticationSchema>;

/** 401 of POST /api/punchout/sessions and of the partner routes. */
export const partnerErrorSchema = z.object({ error: z.string() });
export type PartnerError = z.infer<typeof partnerErrorSchema>;

/**
 * 200 of POST /api/punchout/submit: the browser POSTs a form with the one field `fieldName` =
 * `fieldValue` to `returnUrl` (the cXML itself for cxml-urlencoded, which the form encodes; its
 * base64 for cxml-base64).
 */
export const submitAnswerSchema = z.object({
  success: z.literal(true),
  returnUrl: z.string(),
  fieldName: z.enum(RETURN_FIELDS),
  fieldValue: z.string(),
  operationAllowed: z.enum(['edit', 'inspect']),
  /** What the browser confirms it left with (POST /api/punchout/submissions/{submissionId}/returned). */
  submissionId: z.string(),
});
export type SubmitAnswer = z.infer<typeof submitAnswerSchema>;

/** A line's SupplierPartAuxiliaryID: the submission and the line's position in it (1-based). */
export function auxiliaryIdOf(submissionId: string, position: number): string {
  return `${submissionId}-${position}`;
}

const AUXILIARY_ID_PATTERN = /^([A-Za-z0-9_]{16,64})-([1-9]\d{0,3})$/;

/** The submission and position an ItemOut's SupplierPartAuxiliaryID names, or null for one the shop never issued. */
export function parseAuxiliaryId(text: string): { submissionId: string; position: number } | null {
  const found = AUXILIARY_ID_PATTERN.exec(text.trim());
  return found ? { submissionId: found[1] as string, position: Number(found[2]) } : null;
}

/**
 * What a purchasing clerk reads in the requisition: the product, then its size with fractions,
 * mount, colour, control and room, as the cart spells them.
 */
export function clerkDescriptionOf(configuration: Configuration, roomLabel: string | null): string {
  return [lineTitle(configuration), ...describeLine(configuration, roomLabel)].join('; ');
}

function extrinsic(extrinsics: Record<string, string>, ...names: string[]): string {
  for (const name of names) {
    const found = Object.entries(extrinsics).find(
      ([key, value]) => key.toLowerCase() === name.toLowerCase() && value.trim() !== '',
    );
    if (found) return found[1].trim();
  }
  return '';
}

/**
 * The buyer's user as a setup request names them: the FirstName, LastName and UserEmail extrinsics
 * (what RealPage, Coupa and Ariba send), else the end user's Contact (its Name split at the first
 * space). Blank where the request says nothing.
 */
export function buyerUserOf(request: Pick<PunchOutSetupRequest, 'extrinsics' | 'contact'>): PartnerClientData {
  const [contactFirst = '', ...contactRest] = (request.contact?.name ?? '').trim().split(/\s+/);
  const firstName = extrinsic(request.extrinsics, 'FirstName', 'UserFirstName');
  const lastName = extrinsic(request.extrinsics, 'LastName', 'UserLastName');
  return {
    email: extrinsic(request.extrinsics, 'UserEmail', 'Email') || (request.contact?.email ?? '').trim(),
    firstName: firstName || (lastName ? '' : contactFirst),
    lastName: lastName || (firstName ? '' : contactRest.join(' ')),
  };
}

/** Longest SupplierPartID of the procurement payload. */
export const SUPPLIER_PART_ID_MAX_LENGTH = 50;

/**
 * The part-id rule: a SupplierPartID of the procurement payload keeps only letters, digits, hyphen
 * and underscore, at most 50 characters, and is the fallback name (under the same rule) when
 * nothing is left.
 */
export function supplierPartId(text: string, fallback: string): string {
  const kept = text.replace(/[^A-Za-z0-9_-]/g, '').slice(0, SUPPLIER_PART_ID_MAX_LENGTH);
  return kept || fallback.replace(/[^A-Za-z0-9_-]/g, '').slice(0, SUPPLIER_PART_ID_MAX_LENGTH);
}

const MATERIALS: Record<FamilyId, string | null> = {
  'faux-wood-blinds': 'Faux wood',
  'wood-blinds': 'Wood',
  'roller-shades': 'Fabric',
  'vertical-blinds': 'PVC',
  /** Aluminum or vinyl: the series says. */
  'mini-blinds': null,
};

function controlTypeOf(configuration: Configuration): string {
  switch (configuration.family) {
    case 'faux-wood-blinds':
    case 'wood-blinds':
    case 'mini-blinds':
      return `Wand tilt ${WAND_TILT_LABELS[configuration.options.wandTilt]}`;
    case 'vertical-blinds':
      return configuration.options.splitDraw ? 'Wand, split draw' : `Wand, draw ${configuration.options.drawDirection}`;
    case 'roller-shades':
      return 'Standard roller';
  }
}

/** A partner cart line as it is returned to the buyer. */
export interface ReturnedLine {
  configuration: Configuration;
  roomLabel: string | null;
  quantity: number;
  unitCents: number;
}

/** A returned line as staff's notice lists it: its place in the cart, quantity, price and the clerk's description. */
export function submittedLineSummary(line: ReturnedLine & { position: number }) {
  return {
    position: line.position,
    quantity: line.quantity,
    unitCents: line.unitCents,
    description: clerkDescriptionOf(line.configuration, line.roomLabel),
  };
}

/**
 * The most a PunchoutSubmitted carries of its lines (their JSON): a few hundred lines. A larger
 * cart's event carries none (`linesIncluded` false) and its consumer reads them from the submission.
 */
export const SUBMITTED_EVENT_LINES_MAX_BYTES = 96 * 1024;

/**
 * A returned line of the PunchOutOrderMessage: the product's SKU as part id (the cXML module applies
 * the spec's part-id rule), the aux id that finds the line again, the clerk's description, the
 * configuration as extrinsics and the old integration's attributes.
 */
export function punchOutOrderLineOf(line: ReturnedLine, auxiliaryId: string): PunchOutOrderLine {
  const { configuration, roomLabel } = line;
  const series = seriesInfo(configuration.family, configuration.series);
  const width = formatSize(configuration.width);
  const height = formatSize(configuration.length);
  const mount = configuration.mount === 'inside' ? 'Inside mount' : 'Outside mount';
  return {
    quantity: line.quantity,
    supplierPartId: skuFor(configuration.family, configuration.series, configuration.color ?? ''),
    supplierPartAuxiliaryId: auxiliaryId,
    unitPriceCents: line.unitCents,
    description: clerkDescriptionOf(configuration, roomLabel),
    extrinsics: {
      Product: FAMILIES[configuration.family].name,
      Series: series.label,
      Width: width,
      Height: height,
      Measurement: configuration.measurement === 'window' ? 'Window measurement' : 'Blind size',
      Mount: mount,
      Color: colorName(configuration),
      Control: controlTypeOf(configuration),
      ...(roomLabel ? { Room: roomLabel } : {}),
    },
    attributes: {
      productType: lineTitle(configuration),
      width,
      height,
      color: colorName(configuration),
      material: MATERIALS[configuration.family] ?? series.label,
      controlType: controlTypeOf(configuration),
      mounting: configuration.mount,
    },
  };
}

/** The parties of a message the shop returns: from the shop (the configuration's sender identity) to the buyer's identity. */
export function shopPartiesFor(configuration: Pick<PunchoutConfiguration, 'identity' | 'senderIdentity'>): CxmlParties {
  const shop = { domain: 'NetworkId', identity: configuration.senderIdentity ?? SHOP_NETWORK_ID };
  return {
    from: [shop],
    to: [{ domain: 'NetworkId', identity: configuration.identity }],
    sender: { credentials: [shop], userAgent: SHOP_USER_AGENT },
  };
}
