import { priceMatchRecordSchema } from '#domain/price-match/price-match-schema';
import { declare } from './declaration';

/** A customer asked for a price match (status requested). Staff are mailed, and the customer's request acknowledged. */
export const PriceMatchRequested = declare({
  name: 'PriceMatchRequested',
  version: 1,
  detail: priceMatchRecordSchema,
  consumers: [
    {
      id: 'NotifyOfPriceMatchRequested',
      handler: { file: 'functions/price-match/notify-price-match.ts', export: 'priceMatchRequested' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});

/** Staff approved a price match (its code made with it) or declined it with a reason. The customer is mailed the code or the reason. */
export const PriceMatchDecided = declare({
  name: 'PriceMatchDecided',
  version: 1,
  detail: priceMatchRecordSchema,
  consumers: [
    {
      id: 'NotifyCustomerOfPriceMatchDecision',
      handler: { file: 'functions/price-match/notify-price-match.ts', export: 'priceMatchDecided' },
      grants: ['table:write', 'mail:send'],
    },
  ],
});
