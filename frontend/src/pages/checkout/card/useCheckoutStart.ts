import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CreditAccountView } from '#domain/accounts/payment-terms';
import { CHECKOUT_MESSAGES } from '#domain/checkout/checkout';
import type { CheckoutQuoteWithFitChecks } from '#domain/properties/fit-check';
import { fetchAccount, fetchCreditAccount } from '../../../api/account';
import { fetchCheckoutQuote } from '../../../api/checkout';
import { fetchProperties } from '../../../api/properties';
import { toaster } from '../../../components/layout/toast-queue';
import { readStorage } from '../../../lib/browser-storage';
import { enteredPromoCode } from '../../../lib/promo-code';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { isUnauthorized, useResource } from '../../../lib/use-resource';
import {
  checkoutFormFromProfile,
  EMPTY_CHECKOUT_FORM,
  keptCheckoutChoices,
  propertiesWithAddress,
  quoteRequestFrom,
  type CheckoutForm,
} from '../checkout-form';

/** Where checkout starts from: the form as first shown, the saved property it ships to, and the cart's quote for it. */
export interface CheckoutStart {
  form: CheckoutForm;
  propertyId: string;
  quote: CheckoutQuoteWithFitChecks;
  /** The quote request that `quote` answers. */
  quotedKey: string;
  /** The client's payment terms, when they may pay on account (null: card only). */
  creditAccount: CreditAccountView | null;
}

/** The ways out of checkout: to sign in (and back), or to the cart when it is empty; each says why in a toast. */
export function useCheckoutExits() {
  const navigate = useNavigate();
  const notLoggedIn = useCallback(() => {
    toaster.create({
      id: 'checkout-not-logged-in',
      type: 'error',
      title: CHECKOUT_MESSAGES.notLoggedInTitle,
      description: CHECKOUT_MESSAGES.notLoggedIn,
    });
    navigate(`/login?redirect=${encodeURIComponent('/checkout')}`, { replace: true });
  }, [navigate]);
  const emptyCart = useCallback(() => {
    toaster.create({
      id: 'checkout-empty-cart',
      type: 'info',
      title: CHECKOUT_MESSAGES.emptyCartTitle,
      description: CHECKOUT_MESSAGES.emptyCart,
    });
    navigate('/cart', { replace: true });
  }, [navigate]);
  return { navigate, notLoggedIn, emptyCart };
}

/**
 * The form from the profile (or empty when it cannot be read), or, back from the payment page
 * (cancelled, or Back pressed), the choices made before it; and the cart's first quote. Null when
 * the cart is empty.
 */
async function loadCheckoutStart({ signal }: { signal: AbortSignal }): Promise<CheckoutStart | null> {
  const kept = keptCheckoutChoices(
    readStorage('session', STORAGE_KEYS.checkoutChoices),
    readStorage('local', STORAGE_KEYS.clientId),
  );
  const [fromProfile, creditAccount] = await Promise.all([
    fetchAccount({ signal }).then(checkoutFormFromProfile, (error: unknown) => {
      if (isUnauthorized(error)) throw error;
      return EMPTY_CHECKOUT_FORM;
    }),
    // Terms that cannot be read leave card payment, which every client has.
    fetchCreditAccount({ signal }).catch((error: unknown) => {
      if (isUnauthorized(error)) throw error;
      return null;
    }),
  ]);
  // The code entered in the cart (or before leaving for the payment page) comes along.
  const form = { ...(kept?.form ?? fromProfile), promoCode: enteredPromoCode() };
  const request = quoteRequestFrom(form);
  const quote = await fetchCheckoutQuote(request, { signal });
  if (quote.lines.length === 0 && quote.samples.length === 0) return null;
  const onTerms = creditAccount?.terms ? creditAccount : null;
  return {
    form: onTerms ? form : { ...form, paymentMethod: 'card' },
    propertyId: kept?.propertyId ?? '',
    quote,
    quotedKey: JSON.stringify(request),
    creditAccount: onTerms,
  };
}

/** The saved properties with a real address, offered as where to ship; none when they cannot be read. */
const loadProperties = () => fetchProperties().then((list) => propertiesWithAddress(list.properties));

/**
 * Checkout's start and the saved properties, read together. A guest is sent to sign in; an empty
 * cart, or a cart that cannot be read, back to the cart page.
 */
export function useCheckoutStart() {
  const { navigate, notLoggedIn, emptyCart } = useCheckoutExits();
  const start = useResource(loadCheckoutStart, { unauthorized: notLoggedIn });
  const properties = useResource(loadProperties);
  useEffect(() => {
    if (start.state.kind === 'failed') {
      toaster.create({ type: 'error', title: CHECKOUT_MESSAGES.loadCartFailed });
      navigate('/cart', { replace: true });
    } else if (start.state.kind === 'loaded' && start.state.data === null) emptyCart();
  }, [start.state, navigate, emptyCart]);
  return {
    start: start.state.kind === 'loaded' ? start.state.data : null,
    properties: properties.state.kind === 'loaded' ? properties.state.data : [],
  };
}
