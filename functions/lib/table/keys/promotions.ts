/** The table's keys of promotions and their codes (functions/promotions); see ../README.md. */

/**
 * A promotion: its own item, and one item per customer counting the orders they used it on, in its
 * partition. Listed for staff newest first through gsi1; an automatic sale (no code) also in the
 * sales partition of gsi2, by its last day, so the sales in effect are one Query from today on.
 */
export function promotionKeys(promotionId: string, createdAt: string, saleEndsOn: string | null) {
  return {
    pk: promotionPartitionKey(promotionId),
    sk: 'PROMOTION',
    gsi1pk: PROMOTIONS_PARTITION,
    gsi1sk: `${createdAt}#${promotionId}`,
    ...(saleEndsOn ? { gsi2pk: PROMOTION_SALES_PARTITION, gsi2sk: `${saleEndsOn}#${promotionId}` } : {}),
  };
}

export function promotionPartitionKey(promotionId: string) {
  return `PROMOTION#${promotionId}`;
}

export const PROMOTIONS_PARTITION = 'PROMOTIONS';
export const PROMOTION_SALES_PARTITION = 'PROMOTION_SALES';

export function promotionCustomerKeys(promotionId: string, clientId: string) {
  return { pk: promotionPartitionKey(promotionId), sk: `CUSTOMER#${clientId}` };
}

/** A promotion's code, unique: put only if no promotion has it. */
export function promotionCodeKeys(code: string) {
  return { pk: `PROMOTION_CODE#${code}`, sk: 'PROMOTION_CODE' };
}
