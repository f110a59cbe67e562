/** The table's keys of returns and Fit Assurance remakes (functions/returns); see ../README.md. */

/**
 * A return or Fit Assurance remake request; listed for staff newest first by status through gsi1
 * (every status change moves it) and all together through gsi2.
 */
export function returnRequestKeys(returnId: string) {
  return { pk: `RETURN#${returnId}`, sk: 'RETURN' };
}

export function returnStatusIndexKeys(status: string, createdAt: string, returnId: string) {
  return { gsi1pk: returnStatusPartition(status), gsi1sk: `${createdAt}#${returnId}` };
}

export function returnStatusPartition(status: string) {
  return `RETURNS#${status}`;
}

export function allReturnsIndexKeys(createdAt: string, returnId: string) {
  return { gsi2pk: ALL_RETURNS_PARTITION, gsi2sk: `${createdAt}#${returnId}` };
}

export const ALL_RETURNS_PARTITION = 'RETURNS';

/** An order's one Fit Assurance remake, taken by a conditional put with the remake request (released when it is declined). Holds the request id. */
export function orderRemakeClaimKeys(orderId: string) {
  return { pk: `REMAKE#${orderId}`, sk: 'REMAKE' };
}
