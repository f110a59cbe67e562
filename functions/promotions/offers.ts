/** The promotions an order is offered, read from the table: the code given, the sales in effect, and the customer's uses of each. */
import { shopDateAt } from '#domain/appointments/schedule';
import {
  normalizedCode,
  PROMOTION_CODE_PATTERN,
  type Promotion,
  type PromotionOffers,
} from '#domain/promotions/promotion';
import { customerUses, promotionByCode, salesInEffect } from './promotion-store';

export async function promotionOffersFor(
  code: string | undefined,
  clientId: string | null,
  now: Date,
): Promise<PromotionOffers> {
  const today = shopDateAt(now);
  const given = code ? normalizedCode(code) : null;
  const [sales, promotion] = await Promise.all([
    salesInEffect(today),
    given && PROMOTION_CODE_PATTERN.test(given) ? promotionByCode(given) : undefined,
  ]);
  const usesOf = async (held: Promotion) =>
    clientId && held.perCustomerLimit !== null ? customerUses(held.id, clientId) : 0;
  const [codeUses, ...salesUses] = await Promise.all([
    promotion ? usesOf(promotion) : 0,
    ...sales.map((sale) => usesOf(sale)),
  ]);
  return {
    code: given ? { code: given, promotion, customerUses: codeUses! } : null,
    sales: sales.map((sale, index) => ({ promotion: sale, customerUses: salesUses[index]! })),
    today,
    clientId,
  };
}
