/**
 * The table's keys of punch-out start pages, partner sessions and submissions, buyers'
 * configurations, the guess limit and invoices (functions/punchout); see ../README.md.
 */

/**
 * A punch-out start page issued to a buyer's setup request: single use, expiring (expiresAt).
 * Redeeming it sets `redeemedAt` conditionally, so it opens one partner session.
 */
export function punchoutStartKeys(startId: string) {
  return { pk: `PUNCHOUT_START#${startId}`, sk: 'START' };
}

export const PUNCHOUT_START_LINE_SK_PREFIX = 'LINE#';

/** A line of a buyer's cart that redeeming its start page puts back (an edit or inspect setup request). */
export function punchoutStartLineKeys(startId: string, position: number) {
  return {
    pk: punchoutStartKeys(startId).pk,
    sk: `${PUNCHOUT_START_LINE_SK_PREFIX}${String(position).padStart(4, '0')}`,
  };
}

/** A partner session, reached only by the hash of its token (the browser's `x-partner-session`). */
export function partnerSessionKeys(tokenHash: string) {
  return { pk: `PARTNER_SESSION#${tokenHash}`, sk: 'SESSION' };
}

/** A partner cart as returned to the buyer: the store of its lines' SupplierPartAuxiliaryIDs. */
export function punchoutSubmissionKeys(submissionId: string) {
  return { pk: `PUNCHOUT_SUBMISSION#${submissionId}`, sk: 'SUBMISSION' };
}

/**
 * A submitted line, under the line set its submission names (written before it, so a submission
 * is whole or absent to every reader); submissions kept before line sets hold their lines themselves.
 */
export function punchoutSubmissionLineKeys(submissionId: string, lineSet: string, position: number) {
  return {
    pk: punchoutSubmissionKeys(submissionId).pk,
    sk: `${punchoutSubmissionLineSkPrefix(lineSet)}${String(position).padStart(4, '0')}`,
  };
}

export function punchoutSubmissionLineSkPrefix(lineSet: string): string {
  return `LINE#${lineSet}#`;
}

/**
 * A buyer's punch-out configuration. Listed for staff by property name through gsi1; while active in
 * the sparse active partition of gsi2 (the monitor's count, the integration tests' configurations).
 */
export function punchoutConfigurationKeys(configurationId: string) {
  return { pk: `PUNCHOUT_CONFIG#${configurationId}`, sk: 'CONFIG' };
}

export const PUNCHOUT_CONFIGURATIONS_PARTITION = 'PUNCHOUT_CONFIGS';
export const ACTIVE_PUNCHOUT_CONFIGURATIONS_PARTITION = 'PUNCHOUT_CONFIGS#active';

export function punchoutConfigurationIndexKeys(propertyName: string, configurationId: string) {
  return { gsi1pk: PUNCHOUT_CONFIGURATIONS_PARTITION, gsi1sk: `${propertyName.toLowerCase()}#${configurationId}` };
}

export function activePunchoutConfigurationIndexKeys(configurationId: string) {
  return { gsi2pk: ACTIVE_PUNCHOUT_CONFIGURATIONS_PARTITION, gsi2sk: configurationId };
}

/**
 * A value only one configuration may hold (its account number, identity, DUNS number, network id),
 * taken in the saving transaction with a condition. Holds the configuration's id, so finding the
 * sender of a cXML document is one GetItem per credential.
 */
export function punchoutClaimKeys(field: 'accountNumber' | 'identity', value: string) {
  return { pk: `PUNCHOUT_CLAIM#${field}#${value}`, sk: 'CLAIM' };
}

/** A client address that passed a configuration's credential check: the guess limit does not lock it out of that configuration (decision 0035). */
export function punchoutKnownAddressKeys(configurationId: string, addressKey: string) {
  return { pk: `PUNCHOUT_KNOWN_ADDRESSES#${configurationId}`, sk: `ADDRESS#${addressKey}` };
}

/** A lock-out of the guess limit (a client address, or a configuration's identity, in one window), listed by its end through gsi1. */
export function punchoutLockOutKeys(dimension: string, subject: string, windowStart: number, lockedUntil: string) {
  return {
    pk: `PUNCHOUT_LOCKOUT#${dimension}#${subject}`,
    sk: `WINDOW#${windowStart}`,
    gsi1pk: PUNCHOUT_LOCKOUTS_PARTITION,
    gsi1sk: `${lockedUntil}#${dimension}#${subject}`,
  };
}

export const PUNCHOUT_LOCKOUTS_PARTITION = 'PUNCHOUT_LOCKOUTS';

/** A punch-out order's invoice, listed for staff newest first through gsi1. */
export function punchoutInvoiceKeys(invoiceId: string, issuedAt: string) {
  return {
    pk: `PUNCHOUT_INVOICE#${invoiceId}`,
    sk: 'INVOICE',
    gsi1pk: PUNCHOUT_INVOICES_PARTITION,
    gsi1sk: `${issuedAt}#${invoiceId}`,
  };
}

export const PUNCHOUT_INVOICES_PARTITION = 'PUNCHOUT_INVOICES';
