import { atom } from 'jotai';

/** The measurement-scheduling dialog is one per page, opened from the header, the menu and the home page. */
export const measureModalOpenAtom = atom(false);

export interface StoredClient {
  id: string;
  name: string | null;
}

/** The signed-in client as stored in this browser; null for guests and while prerendering. */
export const storedClientAtom = atom<StoredClient | null>(null);

/** Procurement-partner buyers see no measurement-scheduling entries. */
export const partnerBuyerAtom = atom(false);

export interface PunchoutBannerState {
  propertyAccount: string;
  buyerSystem: string;
  operation: 'create' | 'edit' | 'inspect';
}

/** The live punch-out session as the banner and the checkout show it; null outside partner mode. */
export const punchoutSessionAtom = atom<PunchoutBannerState | null>(null);
