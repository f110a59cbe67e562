/** Professional installation terms, offered in the DFW metro only. */
export const INSTALLATION = {
  baseCents: 15_000,
  baseBlindLimit: 10,
  oldBlindRemovalCents: 500,
  highLadderMinimumCents: 30_000,
  highLadderCrewSize: 2,
} as const;
