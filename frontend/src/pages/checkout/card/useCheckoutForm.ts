import { useEffect, useState, type FormEvent } from 'react';
import { CHECKOUT_MESSAGES } from '#domain/checkout/checkout';
import { placeOrder } from '../../../api/checkout';
import { quoteSavedToast } from '../../quotes/quote-saved';
import { createCustomerQuote } from '../../../api/customer-quotes';
import { ApiError } from '../../../api/client';
import type { Property } from '../../../api/properties';
import { toaster } from '../../../components/layout/toast-queue';
import { readStorage, writeStorage } from '../../../lib/browser-storage';
import { keepPromoCode } from '../../../lib/promo-code';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { useZodForm } from '../../../lib/use-zod-form';
import {
  addressFields,
  CHECKOUT_FIELD_ORDER,
  placementKeys,
  quoteRequestFrom,
  validateCheckoutForm,
  type AddressFields,
  type AddressKind,
  type CheckoutForm,
  type KeptCheckoutChoices,
} from '../checkout-form';
import { useCheckoutExits, type CheckoutStart } from './useCheckoutStart';
import { useCheckoutQuote } from './useCheckoutQuote';
import { useFitChecks } from './useFitChecks';

/**
 * The card checkout's form: its values and errors (checked with the API's own schema), the saved
 * property it ships to, the quote that follows it, and Place Order, which leaves for the payment page.
 */
export function useCheckoutForm(start: CheckoutStart, properties: Property[]) {
  const { navigate, notLoggedIn, emptyCart } = useCheckoutExits();
  const form = useZodForm<CheckoutForm>(start.form, { fieldOrder: CHECKOUT_FIELD_ORDER });
  const { values, setValues } = form;
  const [propertyId, setPropertyId] = useState(start.propertyId);
  /** Placing the order and leaving for the payment page. */
  const [processing, setProcessing] = useState(false);
  const [placement] = useState(() => placementKeys(() => crypto.randomUUID()));
  const quote = useCheckoutQuote(start, quoteRequestFrom(values), notLoggedIn);
  const { requote } = quote;
  const fit = useFitChecks(quote.quote, notLoggedIn, requote);

  // Back from the payment page the browser may restore this page as it was left, processing: it is
  // ready again, and the cart is quoted afresh.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setProcessing(false);
      requote();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [requote]);

  // Installation is for the DFW metro: an address outside it takes the choice away.
  const installationAvailable = quote.quote.installation.available;
  useEffect(() => {
    if (!quote.stale && !installationAvailable && values.installation)
      setValues((current) => ({ ...current, installation: false }));
  }, [quote.stale, installationAvailable, values.installation, setValues]);

  const setCustomer = (field: keyof CheckoutForm['customer'], value: string) =>
    setValues((current) => ({ ...current, customer: { ...current.customer, [field]: value } }));
  const setAddress = (kind: AddressKind) => (field: keyof AddressFields, value: string) => {
    if (kind === 'shippingAddress') setPropertyId('');
    setValues((current) => ({ ...current, [kind]: { ...current[kind], [field]: value } }));
  };
  function setPromoCode(code: string) {
    const kept = keepPromoCode(code);
    setValues((current) => ({ ...current, promoCode: kept }));
  }
  function chooseProperty(id: string) {
    setPropertyId(id);
    const property = properties.find((candidate) => candidate.id === id);
    if (property) setValues((current) => ({ ...current, shippingAddress: addressFields(property) }));
  }

  async function placeOrderAndPay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (processing) return;
    const clientId = readStorage('local', STORAGE_KEYS.clientId);
    if (!clientId) return notLoggedIn();
    const validation = validateCheckoutForm(values, placement.keyFor(values));
    if (!validation.ok) {
      toaster.create({
        type: 'error',
        title: CHECKOUT_MESSAGES.missingInformationTitle,
        description: CHECKOUT_MESSAGES.missingInformation,
      });
      return form.showErrors(validation.fieldErrors);
    }
    form.setErrors({});
    setProcessing(true);
    writeStorage(
      'session',
      STORAGE_KEYS.checkoutChoices,
      JSON.stringify({ clientId, propertyId, form: values } satisfies KeptCheckoutChoices),
    );
    try {
      const { checkoutUrl } = await placeOrder({ ...validation.request, confirmedFitLines: fit.confirmedFitLines });
      if (!checkoutUrl) throw new Error(CHECKOUT_MESSAGES.noCheckoutUrl);
      window.location.assign(checkoutUrl);
    } catch (error) {
      setProcessing(false);
      if (!(error instanceof ApiError)) {
        toaster.create({
          type: 'error',
          title: 'Checkout Error',
          description: error instanceof Error ? error.message : CHECKOUT_MESSAGES.checkoutFailed,
        });
        return;
      }
      if (error.status === 401) return notLoggedIn();
      if (error.status === 400 && error.message === CHECKOUT_MESSAGES.emptyCart) return emptyCart();
      // The first order's payment page ran out: Place Order again makes a new order.
      if (error.message === CHECKOUT_MESSAGES.checkoutExpired) placement.forget();
      form.showServerErrors(error);
      const missing = error.message === CHECKOUT_MESSAGES.missingInformation;
      toaster.create({
        type: 'error',
        title: missing ? CHECKOUT_MESSAGES.missingInformationTitle : 'Checkout Error',
        description: error.kind === 'http' && error.status < 500 ? error.message : CHECKOUT_MESSAGES.checkoutFailed,
      });
      // The cart may have changed under the page: read the summary again.
      if (error.status === 409) requote();
    }
  }

  /**
   * Save as quote (or, with a blind over 100" wide, Request a freight quote): the cart priced for
   * this customer and address, kept 30 days; the customer goes to the quote's page.
   */
  async function saveAsQuote() {
    if (processing) return;
    if (!readStorage('local', STORAGE_KEYS.clientId)) return notLoggedIn();
    const validation = validateCheckoutForm(values, placement.keyFor(values));
    if (!validation.ok) {
      toaster.create({
        type: 'error',
        title: CHECKOUT_MESSAGES.missingInformationTitle,
        description: CHECKOUT_MESSAGES.missingInformation,
      });
      return form.showErrors(validation.fieldErrors);
    }
    form.setErrors({});
    setProcessing(true);
    try {
      const { customer, shippingAddress, installation, notes } = validation.request;
      const quote = await createCustomerQuote({ customer, shippingAddress, installation, notes });
      toaster.create(quoteSavedToast(quote));
      navigate(`/account/quotes/${quote.id}`);
    } catch (error) {
      setProcessing(false);
      if (error instanceof ApiError && error.status === 401) return notLoggedIn();
      form.showServerErrors(error);
      toaster.create({
        type: 'error',
        title: 'Could not save the quote',
        description:
          error instanceof ApiError && error.kind === 'http' && error.status < 500
            ? error.message
            : CHECKOUT_MESSAGES.checkoutFailed,
      });
    }
  }

  return {
    form,
    values,
    creditAccount: start.creditAccount,
    propertyId,
    processing,
    quote,
    fit,
    installationAvailable,
    setCustomer,
    setAddress,
    setPromoCode,
    chooseProperty,
    placeOrderAndPay,
    saveAsQuote,
  };
}

export type CardCheckoutForm = ReturnType<typeof useCheckoutForm>;
