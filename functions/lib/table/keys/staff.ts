/**
 * The table's keys of the lease on staff changes and staff members' token cut-offs
 * (functions/staff, functions/lib/staff-tokens.ts); see ../README.md.
 */

/**
 * The lease on changes that could leave the shop without an owner (removing, disabling or changing
 * the roles of a member of staff): taken by a conditional put, so two such changes are made one
 * after the other. Holds the taker's token and when the lease runs out.
 */
export function staffChangeLeaseKeys() {
  return { pk: 'STAFF', sk: 'CHANGE_LEASE' };
}

/** A member of staff's token cut-off (functions/lib/staff-tokens.ts): one item per member, replaced whole. */
export function staffTokenCutOffKeys(userId: string) {
  return { pk: 'STAFF', sk: `TOKENS#${userId}` };
}
