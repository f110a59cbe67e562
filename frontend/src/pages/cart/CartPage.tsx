import {
  Alert,
  Box,
  Button,
  Container,
  Flex,
  Grid,
  Heading,
  Link,
  Spinner,
  Stack,
  Text,
  type StackProps,
} from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { clearCart, fetchCart, removeCartItem, updateCartItemQuantity, type CartView } from '../../api/cart';
import { useConfirmDialogOnDemand } from '../../components/dialog/confirm-dialog-on-demand';
import { toaster } from '../../components/layout/toast-queue';
import { readStorage } from '../../lib/browser-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { punchoutSessionAtom } from '../../state';
import { CartLine } from './CartLine';
import { InstallationInfo } from './InstallationInfo';
import { SaleBanner } from '../../components/layout/SaleBanner';
import { keepPromoCode } from '../../lib/promo-code';
import { OrderSummary } from './OrderSummary';
import { SamplesSection, type SamplesPresence } from './SamplesSection';

type CartState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; cart: CartView };

const CHECKOUT_PATH = '/checkout';
/** Checkout's form, asked to save the cart as a quote for who and where it names (CardCheckout reads `save`). */
const SAVE_AS_QUOTE_PATH = '/checkout?save=quote';

/** On <html>, set before the first paint when this browser has never had a cart (see noStoredCartScript). */
const NO_STORED_CART_ATTRIBUTE = 'data-no-stored-cart';

/**
 * Run by the prerendered page while it is parsed: a browser with no shopping session, client or
 * punch-out session has nothing in any cart, so the page can show the empty cart at its first paint
 * instead of a spinner until its script has run and asked the server (issue 15: the largest paint).
 * The server is still asked, and the page renders what it answers.
 */
function noStoredCartScript(): string {
  const keys = JSON.stringify([STORAGE_KEYS.shoppingSessionId, STORAGE_KEYS.clientId, STORAGE_KEYS.punchoutSession]);
  return `try{if(${keys}.every(function(key){return !localStorage.getItem(key)}))document.documentElement.setAttribute('${NO_STORED_CART_ATTRIBUTE}','')}catch(e){}`;
}

function EmptyCart(props: StackProps) {
  return (
    <Stack align="center" gap="4" py="12" textAlign="center" {...props}>
      <Heading as="h2" size="lg" color="brand.800">
        Your cart is empty
      </Heading>
      <Text color="gray.700">Configure a blind to your window's size and it appears here.</Text>
      <Button asChild colorPalette="brand" size="lg">
        <RouterLink to="/">Start Shopping</RouterLink>
      </Button>
    </Stack>
  );
}

export default function CartPage() {
  const navigate = useNavigate();
  const [state, setState] = useState<CartState>({ kind: 'loading' });
  /** One change at a time: every control waits while the server saves one. */
  const [saving, setSaving] = useState(false);
  const [samplesPresence, setSamplesPresence] = useState<SamplesPresence>('loading');
  const [confirmingClear, setConfirmingClear] = useState(false);
  // The dialog machinery comes with the first Clear Cart (issue 15).
  const ConfirmDialog = useConfirmDialogOnDemand(confirmingClear, () => setConfirmingClear(false));
  /** A requisition opened for inspection goes back to the buyer's system unchanged. */
  const punchoutSession = useAtomValue(punchoutSessionAtom);
  const readOnly = punchoutSession?.operation === 'inspect';

  const load = useCallback((signal?: AbortSignal) => {
    setState({ kind: 'loading' });
    fetchCart({ signal }).then(
      (cart) => setState({ kind: 'loaded', cart }),
      () => {
        if (signal?.aborted) return;
        setState({ kind: 'failed' });
        toaster.create({ type: 'error', title: 'Failed to load cart items' });
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  async function change(request: () => Promise<CartView>, messages: { success?: string; failure: string }) {
    setSaving(true);
    try {
      setState({ kind: 'loaded', cart: await request() });
      if (messages.success) toaster.create({ type: 'success', title: messages.success });
    } catch {
      toaster.create({ type: 'error', title: messages.failure });
    } finally {
      setSaving(false);
    }
  }

  /** A refused code is shown with its reason and not kept, so checkout never starts with it. */
  async function applyPromoCode(code: string) {
    keepPromoCode(code);
    await change(
      async () => {
        const cart = await fetchCart();
        if (cart.promoCode?.status === 'refused') keepPromoCode('');
        return cart;
      },
      { failure: 'Failed to apply the promotion code' },
    );
  }

  function proceedTo(path: string) {
    if (readStorage('local', STORAGE_KEYS.clientId)) {
      navigate(path);
      return;
    }
    toaster.create({
      type: 'info',
      title: 'Sign In Required',
      description:
        path === CHECKOUT_PATH
          ? 'Please sign in or create an account to proceed to checkout.'
          : 'Please sign in or create an account to save a quote.',
    });
    navigate(`/login?redirect=${encodeURIComponent(path)}`);
  }

  const empty = state.kind === 'loaded' && state.cart.items.length === 0;
  /** Until the page knows whether there is anything to show: the cart, or an empty cart's samples. */
  const waiting = state.kind === 'loading' || (empty && samplesPresence === 'loading');
  // The no-cart guess holds for the page's first load only: a cart may be started after it.
  useEffect(() => {
    const forget = () => document.documentElement.removeAttribute(NO_STORED_CART_ATTRIBUTE);
    if (!waiting) forget();
    return forget;
  }, [waiting]);

  return (
    <>
      {!punchoutSession && <SaleBanner />}
      <Container maxW="6xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '8' }}>
        <Heading as="h1" size="3xl" fontFamily="heading" color="brand.800">
          Shopping Cart
        </Heading>
        {/* Space for the cart the page is loading: the footer starts below the fold, so the lines,
          the empty-cart message or the samples arriving move nothing on screen. */}
        <Box mt="6" minH="75vh">
          {waiting && (
            <>
              <script dangerouslySetInnerHTML={{ __html: noStoredCartScript() }} />
              <Flex
                role="status"
                align="center"
                gap="3"
                py="12"
                justify="center"
                css={{ [`[${NO_STORED_CART_ATTRIBUTE}] &`]: { display: 'none' } }}
              >
                <Spinner color="brand.600" />
                <Text>Loading your cart…</Text>
              </Flex>
              <EmptyCart display="none" css={{ [`[${NO_STORED_CART_ATTRIBUTE}] &`]: { display: 'flex' } }} />
            </>
          )}
          {state.kind === 'failed' && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Failed to load cart items</Alert.Title>
                <Alert.Description>Check your connection and try again.</Alert.Description>
              </Alert.Content>
              <Button size="sm" variant="outline" onClick={() => load()}>
                Retry
              </Button>
            </Alert.Root>
          )}
          {empty && samplesPresence === 'hidden' && <EmptyCart data-testid="empty-cart" />}
          {state.kind === 'loaded' && state.cart.items.length > 0 && (
            <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="8" alignItems="start">
              <Box as="section" aria-labelledby="items-heading">
                <Flex justify="space-between" align="center" mb="3" gap="4">
                  <Heading as="h2" id="items-heading" size="lg" color="brand.800">
                    Items ({state.cart.itemCount})
                  </Heading>
                  {readOnly ? (
                    <Text fontSize="sm" color="gray.700">
                      Viewing requisition (read only)
                    </Text>
                  ) : (
                    <Button
                      variant="outline"
                      size="sm"
                      colorPalette="red"
                      disabled={saving}
                      onClick={() => setConfirmingClear(true)}
                    >
                      Clear cart
                    </Button>
                  )}
                </Flex>
                <Stack as="ul" gap="3" m="0" p="0">
                  {state.cart.items.map((line) => (
                    <CartLine
                      key={line.id}
                      line={line}
                      saving={saving || readOnly}
                      onQuantity={(quantity) =>
                        change(() => updateCartItemQuantity(line.id, quantity), {
                          failure: 'Failed to update item quantity',
                        })
                      }
                      onRemove={() =>
                        change(() => removeCartItem(line.id), {
                          success: 'Item removed from cart',
                          failure: 'Failed to remove item from cart',
                        })
                      }
                    />
                  ))}
                </Stack>
                <Link asChild mt="4" display="inline-block" color="brand.700" fontWeight="semibold">
                  <RouterLink to="/">Continue shopping</RouterLink>
                </Link>
              </Box>
              <Stack gap="6">
                <OrderSummary
                  cart={state.cart}
                  onCheckout={() => proceedTo(CHECKOUT_PATH)}
                  onSaveQuote={
                    state.cart.billing === 'checkout' && !punchoutSession ? () => proceedTo(SAVE_AS_QUOTE_PATH) : null
                  }
                  promoCode={punchoutSession ? null : { onChange: (code) => void applyPromoCode(code), busy: saving }}
                />
                {state.cart.billing === 'checkout' && <InstallationInfo />}
              </Stack>
            </Grid>
          )}
          <SamplesSection onPresenceChange={setSamplesPresence} />
        </Box>
        {confirmingClear && ConfirmDialog && (
          <ConfirmDialog
            open
            title="Clear your cart?"
            message="Every blind in your cart is removed, with its size and options."
            confirmLabel="Clear Cart"
            onClose={() => setConfirmingClear(false)}
            onConfirm={async () => {
              await change(clearCart, { success: 'Cart cleared', failure: 'Failed to clear cart' });
              setConfirmingClear(false);
            }}
          />
        )}
      </Container>
    </>
  );
}
