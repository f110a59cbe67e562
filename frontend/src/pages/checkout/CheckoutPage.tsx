import {
  Alert,
  Box,
  Button,
  Checkbox,
  chakra,
  Container,
  Flex,
  Grid,
  Heading,
  Input,
  Link,
  List,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { CHECKOUT_MESSAGES, type CheckoutQuote, type CheckoutQuoteRequest } from '#domain/checkout/checkout';
import {
  CARD_CHECKOUT_MAX_WIDTH_INCHES,
  INSTALLATION_CENTS_PER_GROUP,
  INSTALLATION_GROUP_SIZE,
  OVERSIZE_SHIPPING_CENTS_PER_UNIT,
  STANDARD_SHIPPING_CENTS_PER_UNIT,
  STANDARD_SHIPPING_MAX_WIDTH_INCHES,
} from '#domain/checkout/totals';
import { DELIVERY_TIME } from '#domain/claims';
import { PRODUCTION_TEXT } from '#domain/orders/next-steps';
import { formatCents, formatWholeDollars } from '#domain/pricing/money';
import { SAMPLE_SHIPPING_CENTS } from '#domain/samples/messages';
import { fetchAccount } from '../../api/account';
import { fetchCheckoutQuote, placeOrder } from '../../api/checkout';
import { ApiError } from '../../api/client';
import { fetchProperties, type Property } from '../../api/properties';
import { FormField, focusFirstInvalid } from '../../components/form/FormField';
import { LabelledSelect } from '../../components/form/LabelledSelect';
import { toaster } from '../../components/layout/toast-queue';
import { localReader, readStorage, writeStorage } from '../../lib/browser-storage';
import { storedPunchoutSession } from '../../lib/partner-mode';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { OrderLineList, SummaryRows } from '../orders/OrderParts';
import { quoteSummaryRows } from '../orders/order-display';
import { AddressFields } from './AddressFields';
import { PartnerCheckout } from './PartnerCheckout';
import {
  addressFields,
  CHECKOUT_FIELD_ORDER,
  checkoutFormFromProfile,
  EMPTY_CHECKOUT_FORM,
  keptCheckoutChoices,
  placementKeys,
  propertiesWithAddress,
  quoteRequestFrom,
  validateCheckoutForm,
  type AddressFields as Address,
  type AddressKind,
  type CheckoutForm,
  type KeptCheckoutChoices,
} from './checkout-form';

/** Loading, ready, processing (placing the order and leaving for the payment page). */
type Phase = 'loading' | 'ready' | 'processing';

/** The totals follow the address once typing pauses this long. */
const QUOTE_DEBOUNCE_MS = 400;

/** Problems that stop the order as it stands (installation outside the area is undone instead). */
const BLOCKING_PROBLEMS = new Set(['empty', 'freight', 'unpriced', 'tooManyLines']);

/** The shipping terms, from the constants the server charges by. */
const SHIPPING_POLICY = [
  'Free delivery across the Dallas-Fort Worth metro.',
  `Elsewhere in the US: ${formatCents(STANDARD_SHIPPING_CENTS_PER_UNIT)} per blind up to ${STANDARD_SHIPPING_MAX_WIDTH_INCHES} in wide, ${formatCents(OVERSIZE_SHIPPING_CENTS_PER_UNIT)} per blind over ${STANDARD_SHIPPING_MAX_WIDTH_INCHES} in wide.`,
  `Blinds over ${CARD_CHECKOUT_MAX_WIDTH_INCHES} in wide ship by LTL freight and cannot be paid by card: contact us for a freight quote.`,
  `Samples ship for a flat ${formatCents(SAMPLE_SHIPPING_CENTS)}.`,
  `Your blinds are ${PRODUCTION_TEXT}; shipping then takes ${DELIVERY_TIME}.`,
];

const INSTALLATION_TERMS = `${formatWholeDollars(INSTALLATION_CENTS_PER_GROUP)} for up to ${INSTALLATION_GROUP_SIZE} blinds, and ${formatWholeDollars(INSTALLATION_CENTS_PER_GROUP)} more for each further ${INSTALLATION_GROUP_SIZE} blinds or part of them. Old-blind removal and high-ladder work are quoted by our team.`;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box
      as="section"
      aria-labelledby={id}
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      p={{ base: '4', md: '6' }}
    >
      <Heading as="h2" id={id} size="lg" color="brand.800" mb="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function CardCheckout() {
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>('loading');
  const [form, setForm] = useState<CheckoutForm>(EMPTY_CHECKOUT_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [properties, setProperties] = useState<Property[]>([]);
  const [propertyId, setPropertyId] = useState('');
  const [quote, setQuote] = useState<CheckoutQuote | null>(null);
  /** The form's quote request that `quote` answers: the summary is out of date while they differ. */
  const [quotedKey, setQuotedKey] = useState('');
  const [quoteFailed, setQuoteFailed] = useState(false);
  const [quoteAttempt, setQuoteAttempt] = useState(0);
  const [placement] = useState(() => placementKeys(() => crypto.randomUUID()));
  const formRef = useRef<HTMLFormElement>(null);

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

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const unauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;
    fetchProperties().then(
      (list) => !signal.aborted && setProperties(propertiesWithAddress(list.properties)),
      () => undefined,
    );
    // Back from the payment page (cancelled, or Back pressed), the choices made before it, not the profile's.
    const kept = keptCheckoutChoices(
      readStorage('session', STORAGE_KEYS.checkoutChoices),
      readStorage('local', STORAGE_KEYS.clientId),
    );
    fetchAccount({ signal })
      .then(checkoutFormFromProfile, (error: unknown) => {
        if (unauthorized(error)) throw error;
        return EMPTY_CHECKOUT_FORM;
      })
      .then(async (fromProfile) => {
        const initial = kept?.form ?? fromProfile;
        const request = quoteRequestFrom(initial);
        const first = await fetchCheckoutQuote(request, { signal });
        if (first.lines.length === 0 && first.samples.length === 0) return emptyCart();
        setForm(initial);
        setPropertyId(kept?.propertyId ?? '');
        setQuote(first);
        setQuotedKey(JSON.stringify(request));
        setPhase('ready');
      })
      .catch((error: unknown) => {
        if (signal.aborted) return;
        if (unauthorized(error)) return notLoggedIn();
        toaster.create({ type: 'error', title: CHECKOUT_MESSAGES.loadCartFailed });
        navigate('/cart', { replace: true });
      });
    return () => controller.abort();
  }, [emptyCart, navigate, notLoggedIn]);

  // Back from the payment page the browser may restore this page as it was left, processing: it is
  // ready again, and the cart is quoted afresh.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setPhase((current) => (current === 'processing' ? 'ready' : current));
      setQuotedKey('');
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const quoteKey = JSON.stringify(quoteRequestFrom(form));
  const quoteStale = phase !== 'loading' && quoteKey !== quotedKey;

  useEffect(() => {
    if (phase === 'loading' || quoteKey === quotedKey) return;
    const controller = new AbortController();
    setQuoteFailed(false);
    const timer = setTimeout(() => {
      fetchCheckoutQuote(JSON.parse(quoteKey) as CheckoutQuoteRequest, { signal: controller.signal }).then(
        (fresh) => {
          setQuote(fresh);
          setQuotedKey(quoteKey);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (error instanceof ApiError && error.status === 401) return notLoggedIn();
          setQuoteFailed(true);
        },
      );
    }, QUOTE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [phase, quoteKey, quotedKey, quoteAttempt, notLoggedIn]);

  // Installation is for the DFW metro: an address outside it takes the choice away.
  const installationAvailable = quote?.installation.available ?? false;
  useEffect(() => {
    if (!quoteStale && !installationAvailable && form.installation)
      setForm((current) => ({ ...current, installation: false }));
  }, [quoteStale, installationAvailable, form.installation]);

  const setCustomer = (field: keyof CheckoutForm['customer'], value: string) =>
    setForm((current) => ({ ...current, customer: { ...current.customer, [field]: value } }));
  const setAddress = (kind: AddressKind) => (field: keyof Address, value: string) => {
    if (kind === 'shippingAddress') setPropertyId('');
    setForm((current) => ({ ...current, [kind]: { ...current[kind], [field]: value } }));
  };

  function chooseProperty(id: string) {
    setPropertyId(id);
    const property = properties.find((candidate) => candidate.id === id);
    if (property) setForm((current) => ({ ...current, shippingAddress: addressFields(property) }));
  }

  function showFieldErrors(fieldErrors: Record<string, string>) {
    setErrors(fieldErrors);
    focusFirstInvalid(formRef.current, CHECKOUT_FIELD_ORDER, fieldErrors);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase !== 'ready') return;
    const clientId = readStorage('local', STORAGE_KEYS.clientId);
    if (!clientId) return notLoggedIn();
    const validation = validateCheckoutForm(form, placement.keyFor(form));
    if (!validation.ok) {
      toaster.create({
        type: 'error',
        title: CHECKOUT_MESSAGES.missingInformationTitle,
        description: CHECKOUT_MESSAGES.missingInformation,
      });
      return showFieldErrors(validation.fieldErrors);
    }
    setErrors({});
    setPhase('processing');
    writeStorage(
      'session',
      STORAGE_KEYS.checkoutChoices,
      JSON.stringify({ clientId, propertyId, form } satisfies KeptCheckoutChoices),
    );
    try {
      const { checkoutUrl } = await placeOrder(validation.request);
      if (!checkoutUrl) throw new Error(CHECKOUT_MESSAGES.noCheckoutUrl);
      window.location.assign(checkoutUrl);
    } catch (error) {
      setPhase('ready');
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
      if (Object.keys(error.fieldErrors).length > 0) showFieldErrors(error.fieldErrors);
      const missing = error.message === CHECKOUT_MESSAGES.missingInformation;
      toaster.create({
        type: 'error',
        title: missing ? CHECKOUT_MESSAGES.missingInformationTitle : 'Checkout Error',
        description: error.kind === 'http' && error.status < 500 ? error.message : CHECKOUT_MESSAGES.checkoutFailed,
      });
      // The cart may have changed under the page: read the summary again.
      if (error.status === 409) setQuotedKey('');
    }
  }

  if (phase === 'loading' || !quote) {
    return (
      <Container maxW="6xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '8' }}>
        <Heading as="h1" size="3xl" fontFamily="heading" color="brand.800">
          Checkout
        </Heading>
        <Flex role="status" align="center" gap="3" py="12" justify="center">
          <Spinner color="brand.600" />
          <Text>Loading your order…</Text>
        </Flex>
      </Container>
    );
  }

  const blocking = quote.problems.filter((problem) => BLOCKING_PROBLEMS.has(problem.code));
  const lineNotes = Object.fromEntries(
    quote.problems.filter((problem) => problem.lineId).map((problem) => [problem.lineId!, problem.message]),
  );
  const processing = phase === 'processing';

  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '8' }}>
      <Heading as="h1" size="3xl" fontFamily="heading" color="brand.800">
        Checkout
      </Heading>
      <chakra.form ref={formRef} onSubmit={handleSubmit} noValidate mt="6">
        <chakra.fieldset disabled={processing} border="0" p="0" m="0" minW="0">
          <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="6" alignItems="start">
            <Stack gap="6" minW="0">
              <Section id="customer-heading" title="Customer Information">
                <Stack gap="4">
                  <FormField
                    id="checkout-name"
                    name="customer.name"
                    label="Full name"
                    required
                    error={errors['customer.name']}
                  >
                    {(control) => (
                      <Input
                        {...control}
                        autoComplete="name"
                        value={form.customer.name}
                        onChange={(event) => setCustomer('name', event.target.value)}
                      />
                    )}
                  </FormField>
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    <FormField
                      id="checkout-email"
                      name="customer.email"
                      label="Email"
                      required
                      error={errors['customer.email']}
                    >
                      {(control) => (
                        <Input
                          {...control}
                          type="email"
                          autoComplete="email"
                          value={form.customer.email}
                          onChange={(event) => setCustomer('email', event.target.value)}
                        />
                      )}
                    </FormField>
                    <FormField
                      id="checkout-phone"
                      name="customer.phone"
                      label="Phone (optional)"
                      error={errors['customer.phone']}
                    >
                      {(control) => (
                        <Input
                          {...control}
                          type="tel"
                          autoComplete="tel"
                          value={form.customer.phone}
                          onChange={(event) => setCustomer('phone', event.target.value)}
                        />
                      )}
                    </FormField>
                  </SimpleGrid>
                </Stack>
              </Section>

              <Section id="shipping-policy-heading" title="Shipping Policy">
                <List.Root gap="1" ps="5" color="gray.800">
                  {SHIPPING_POLICY.map((line) => (
                    <List.Item key={line}>{line}</List.Item>
                  ))}
                </List.Root>
                <Link asChild mt="3" display="inline-block" color="brand.700" textDecoration="underline">
                  <RouterLink to="/shipping-info">Shipping information</RouterLink>
                </Link>
              </Section>

              <Section id="shipping-address-heading" title="Shipping Address">
                <Stack gap="4">
                  {properties.length > 0 && (
                    <LabelledSelect
                      label="Ship to a saved property"
                      value={properties.some((property) => property.id === propertyId) ? propertyId : ''}
                      onChange={chooseProperty}
                      options={[
                        { value: '', label: 'Choose a property' },
                        ...properties.map((property) => ({ value: property.id, label: property.name })),
                      ]}
                    />
                  )}
                  <AddressFields
                    kind="shippingAddress"
                    values={form.shippingAddress}
                    errors={errors}
                    onChange={setAddress('shippingAddress')}
                  />
                </Stack>
              </Section>

              <Section id="billing-address-heading" title="Billing Address">
                <Stack gap="4">
                  <Checkbox.Root
                    colorPalette="brand"
                    checked={form.billingSameAsShipping}
                    onCheckedChange={(details) =>
                      setForm((current) => ({ ...current, billingSameAsShipping: details.checked === true }))
                    }
                  >
                    <Checkbox.HiddenInput name="billingSameAsShipping" />
                    <Checkbox.Control />
                    <Checkbox.Label>Same as shipping address</Checkbox.Label>
                  </Checkbox.Root>
                  {!form.billingSameAsShipping && (
                    <AddressFields
                      kind="billingAddress"
                      values={form.billingAddress}
                      errors={errors}
                      onChange={setAddress('billingAddress')}
                    />
                  )}
                </Stack>
              </Section>

              {installationAvailable && (
                <Section id="installation-heading" title="Professional Installation">
                  <Checkbox.Root
                    colorPalette="brand"
                    checked={form.installation}
                    onCheckedChange={(details) =>
                      setForm((current) => ({ ...current, installation: details.checked === true }))
                    }
                  >
                    <Checkbox.HiddenInput name="installation" />
                    <Checkbox.Control />
                    <Checkbox.Label>Have our team install my blinds</Checkbox.Label>
                  </Checkbox.Root>
                  <Text mt="2" fontSize="sm" color="gray.700">
                    Offered in the Dallas-Fort Worth metro: {INSTALLATION_TERMS}
                  </Text>
                  {errors.installation && (
                    <Text mt="2" fontSize="sm" color="red.700" role="alert">
                      {errors.installation}
                    </Text>
                  )}
                </Section>
              )}

              <Section id="notes-heading" title="Order Notes">
                <FormField id="checkout-notes" name="notes" label="Notes for our team (optional)" error={errors.notes}>
                  {(control) => (
                    <Textarea
                      {...control}
                      rows={3}
                      value={form.notes}
                      onChange={(event) => setForm((current) => ({ ...current, notes: event.target.value }))}
                    />
                  )}
                </FormField>
              </Section>
            </Stack>

            <Box
              as="section"
              aria-labelledby="order-summary-heading"
              bg="white"
              borderWidth="1px"
              borderColor="gray.200"
              rounded="lg"
              p={{ base: '4', md: '6' }}
              position={{ lg: 'sticky' }}
              top={{ lg: '4' }}
              minW="0"
            >
              <Flex justify="space-between" align="baseline" gap="3" mb="4">
                <Heading as="h2" id="order-summary-heading" size="lg" color="brand.800">
                  Order Summary
                </Heading>
                <Link asChild fontSize="sm" color="brand.700" textDecoration="underline">
                  <RouterLink to="/cart">Edit cart</RouterLink>
                </Link>
              </Flex>
              <OrderLineList lines={quote.lines} samples={quote.samples} notes={lineNotes} />
              <Box mt="4" aria-live="polite" aria-busy={quoteStale}>
                <SummaryRows rows={quoteSummaryRows(quote)} testId="checkout-totals" />
                {quoteStale && !quoteFailed && (
                  <Flex mt="2" align="center" gap="2" fontSize="sm" color="gray.700">
                    <Spinner size="xs" />
                    <Text>Updating totals…</Text>
                  </Flex>
                )}
                {quoteFailed && (
                  <Flex mt="2" align="center" gap="3" role="alert">
                    <Text fontSize="sm" color="red.700">
                      Could not update the totals. Please check your connection.
                    </Text>
                    <Button size="xs" variant="outline" onClick={() => setQuoteAttempt((count) => count + 1)}>
                      Retry
                    </Button>
                  </Flex>
                )}
              </Box>
              {blocking.length > 0 && (
                <Alert.Root status="warning" mt="4">
                  <Alert.Indicator />
                  <Alert.Content>
                    {blocking.map((problem) => (
                      <Alert.Description key={`${problem.code}-${problem.lineId ?? ''}`}>
                        {problem.message}
                      </Alert.Description>
                    ))}
                  </Alert.Content>
                </Alert.Root>
              )}
              <Button
                type="submit"
                mt="5"
                w="full"
                size="lg"
                colorPalette="brand"
                disabled={quoteStale || blocking.length > 0}
                loading={processing}
                loadingText="Processing..."
              >
                Place Order
              </Button>
              <Text mt="2" fontSize="sm" color="gray.700">
                You pay by card on our payment provider&apos;s secure page.
              </Text>
            </Box>
          </Grid>
        </chakra.fieldset>
      </chakra.form>
    </Container>
  );
}

/** A punch-out session returns the cart to the buyer's procurement system instead of paying by card. */
export default function CheckoutPage() {
  const [punchout] = useState(() => storedPunchoutSession(localReader, Date.now()));
  return punchout ? <PartnerCheckout session={punchout} /> : <CardCheckout />;
}
