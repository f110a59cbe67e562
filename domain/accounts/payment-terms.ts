/**
 * Payment on account (issue 28): staff approve a business client for net 15 or net 30 with a credit
 * limit; such a client can place an order billed on account instead of paying by card. The credit
 * an unpaid on-account order holds is counted on the client's account item, raised in the placing
 * transaction only if it stays within the limit (functions/accounts/credit-store.ts).
 */
import * as z from 'zod';
import { formatCents } from '../pricing/money';
import { singleLineText } from '../text';

export const PAYMENT_TERMS = ['net15', 'net30'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];

export const PAYMENT_TERMS_DAYS: Record<PaymentTerms, number> = { net15: 15, net30: 30 };
export const PAYMENT_TERMS_LABELS: Record<PaymentTerms, string> = { net15: 'Net 15', net30: 'Net 30' };

/** How an on-account order's payment reads wherever it is shown: "On account (Net 30)". */
export function onAccountLabel(terms: PaymentTerms): string {
  return `On account (${PAYMENT_TERMS_LABELS[terms]})`;
}

/** $1,000,000: a limit above it is a typing slip, not a decision. */
export const MAX_CREDIT_LIMIT_CENTS = 100_000_000;
export const MAX_PO_NUMBER_LENGTH = 40;

export const CREDIT_MESSAGES = {
  terms: 'Please choose net 15 or net 30.',
  creditLimit: `The credit limit must be a whole number of cents from $1.00 to ${formatCents(MAX_CREDIT_LIMIT_CENTS)}.`,
  notOnTerms: 'Your account is not approved to pay on account. Please pay by card.',
  noCreditAccount: 'No payment terms are set for this account.',
  creditChanged: 'Your available credit changed while your order was being placed. Please try again.',
  poNumber: 'Please enter your PO number.',
  poNumberLength: `Please shorten the PO number to ${MAX_PO_NUMBER_LENGTH} characters.`,
  overLimit: (orderCents: number, availableCents: number) =>
    `This order of ${formatCents(orderCents)} is over your available credit of ${formatCents(availableCents)}. Please pay by card, or ask us to raise your limit.`,
} as const;

/** PUT /api/admin/clients/{clientId}/payment-terms */
export const paymentTermsInputSchema = z.object({
  terms: z.enum(PAYMENT_TERMS, { error: CREDIT_MESSAGES.terms }),
  creditLimitCents: z
    .number({ error: CREDIT_MESSAGES.creditLimit })
    .int(CREDIT_MESSAGES.creditLimit)
    .min(100, CREDIT_MESSAGES.creditLimit)
    .max(MAX_CREDIT_LIMIT_CENTS, CREDIT_MESSAGES.creditLimit),
});
export type PaymentTermsInput = z.infer<typeof paymentTermsInputSchema>;

/** A client's account with the shop: their terms (null once staff withdrew them) and the credit unpaid orders hold. */
export const creditAccountSchema = z.object({
  terms: z.enum(PAYMENT_TERMS).nullable(),
  creditLimitCents: z.number().int().nonnegative(),
  heldCents: z.number().int().nonnegative(),
  updatedAt: z.string(),
});
export type CreditAccount = z.infer<typeof creditAccountSchema>;

/** What the client and staff are shown: the account and what is left to use. */
export const creditAccountViewSchema = creditAccountSchema.extend({
  availableCents: z.number().int().nonnegative(),
});
export type CreditAccountView = z.infer<typeof creditAccountViewSchema>;

export function availableCreditCents(account: Pick<CreditAccount, 'creditLimitCents' | 'heldCents'>): number {
  return Math.max(0, account.creditLimitCents - account.heldCents);
}

export function creditAccountView(account: CreditAccount): CreditAccountView {
  return { ...account, availableCents: account.terms ? availableCreditCents(account) : 0 };
}

/** The buyer's purchase order number, as their accounts payable will match the invoice to it. */
export const poNumberField = singleLineText('PO number', { error: CREDIT_MESSAGES.poNumber })
  .min(1, CREDIT_MESSAGES.poNumber)
  .max(MAX_PO_NUMBER_LENGTH, CREDIT_MESSAGES.poNumberLength);

/** Whether an order of this amount may be billed to the account, or the sentence saying why not. */
export function onAccountRefusal(account: CreditAccount | undefined, orderCents: number): string | null {
  if (!account?.terms) return CREDIT_MESSAGES.notOnTerms;
  const available = availableCreditCents(account);
  return orderCents > available ? CREDIT_MESSAGES.overLimit(orderCents, available) : null;
}
