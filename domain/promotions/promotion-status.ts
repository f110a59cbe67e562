/**
 * How a promotion stands, as the admin Promotions tab shows it: where it is in its dates on the
 * shop's calendar, and how many of its uses orders hold.
 */
import { shopDateAt } from '../appointments/schedule';
import type { Promotion } from './promotion';

export const PROMOTION_STATUSES = ['scheduled', 'active', 'ended', 'expired'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

export const PROMOTION_STATUS_LABELS: Record<PromotionStatus, string> = {
  scheduled: 'Scheduled',
  active: 'Active',
  ended: 'Ended',
  expired: 'Expired',
};

/**
 * Ended when staff ended it (whatever its dates), Scheduled before its first day, Expired after its
 * last, else Active: both days count, on the shop's calendar at `now`.
 */
export function promotionStatus(
  promotion: Pick<Promotion, 'startsOn' | 'endsOn' | 'endedAt'>,
  now: Date,
): PromotionStatus {
  if (promotion.endedAt) return 'ended';
  const today = shopDateAt(now);
  if (today < promotion.startsOn) return 'scheduled';
  if (today > promotion.endsOn) return 'expired';
  return 'active';
}

/** "3 of 100": the orders holding it out of its total; "3" when it has no limit. */
export function redemptionsText(promotion: Pick<Promotion, 'redeemedCount' | 'maxRedemptions'>): string {
  return promotion.maxRedemptions === null
    ? String(promotion.redeemedCount)
    : `${promotion.redeemedCount} of ${promotion.maxRedemptions}`;
}
