import { Alert, Box, Button, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SAMPLE_PROCESSING_TEXT, SAMPLE_SHIPPING_NOTE } from '#domain/samples/messages';
import { clearSamples, fetchMySampleRequest, loadSamples, removeSample, type Sample } from '../../api/samples';
import { toaster } from '../../components/layout/toast-queue';
import { onDemand } from '../../components/layout/useOnDemand';

/** The request form, its address checks and the schema come with the first press of Request Free Samples (issue 15). */
const useSampleRequestForm = onDemand(() => import('./SampleRequestForm').then((module) => module.SampleRequestForm));

type SamplesState =
  | { kind: 'loading' }
  | { kind: 'loaded'; samples: Sample[] }
  /** Back from the payment page: waiting for the payment to be confirmed (the webhook accepts the request). */
  | { kind: 'confirming'; reference: string }
  | { kind: 'requested'; reference: string; email: string };

/** How often, and how many times, the page asks whether the payment came before it says it is still on its way. */
const CONFIRM_INTERVAL_MS = 1000;
const CONFIRM_ATTEMPTS = 30;

/** The request's reference the payment page's success address carries, e.g. /cart?sampleRequest=SR-7KQ2MX. */
const PAID_REQUEST_PARAM = 'sampleRequest';

/** Whether the section shows anything, so the cart page shows its empty state only when there is nothing at all. */
export type SamplesPresence = 'loading' | 'shown' | 'hidden';

/**
 * The Free Samples section of the cart: the session's samples with remove and clear, and the
 * Request Free Samples form, which goes on to the payment page of the $15 sample shipping; back
 * from it, the request's confirmation with the reference once the payment is confirmed.
 */
export function SamplesSection({ onPresenceChange }: { onPresenceChange: (presence: SamplesPresence) => void }) {
  const [state, setState] = useState<SamplesState>({ kind: 'loading' });
  const [saving, setSaving] = useState(false);
  const [requesting, setRequesting] = useState(false);
  const SampleRequestForm = useSampleRequestForm(requesting, () => {
    setRequesting(false);
    toaster.create({
      id: 'sample-form-unavailable',
      type: 'error',
      title: 'The sample request form could not be loaded. Please check your connection and try again.',
    });
  });
  const confirmationRef = useRef<HTMLDivElement>(null);
  const [searchParams] = useSearchParams();
  const paidReference = searchParams.get(PAID_REQUEST_PARAM);

  useEffect(() => {
    if (!paidReference) return;
    const controller = new AbortController();
    setState({ kind: 'confirming', reference: paidReference });
    const showCart = () =>
      void loadSamples({ signal: controller.signal }).then(
        (samples) => controller.signal.aborted || setState({ kind: 'loaded', samples }),
      );
    void (async () => {
      for (let attempt = 1; attempt <= CONFIRM_ATTEMPTS; attempt += 1) {
        const request = await fetchMySampleRequest(paidReference, { signal: controller.signal }).catch(() => null);
        if (controller.signal.aborted) return;
        // Not this session's request, or a page that ran out unpaid: the samples are still in the cart.
        if (!request || request.status === 'expired') return showCart();
        if (request.status !== 'awaitingPayment') {
          setState({ kind: 'requested', reference: request.reference, email: request.email });
          toaster.create({
            type: 'success',
            title: 'Sample request received',
            description: `Your samples will be processed and shipped. ${SAMPLE_PROCESSING_TEXT}`,
          });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, CONFIRM_INTERVAL_MS));
      }
      if (controller.signal.aborted) return;
      toaster.create({
        type: 'info',
        title: `Your payment for ${paidReference} is still being confirmed. We will e-mail you once it is.`,
      });
      showCart();
    })();
    return () => controller.abort();
  }, [paidReference]);

  useEffect(() => {
    if (paidReference) return;
    const controller = new AbortController();
    const load = () =>
      void loadSamples({ signal: controller.signal }).then(
        (samples) => controller.signal.aborted || setState({ kind: 'loaded', samples }),
      );
    load();
    return () => controller.abort();
  }, [paidReference]);

  const presence: SamplesPresence =
    state.kind === 'loading' ? 'loading' : state.kind === 'loaded' && state.samples.length === 0 ? 'hidden' : 'shown';
  useEffect(() => onPresenceChange(presence), [presence, onPresenceChange]);

  useEffect(() => {
    if (state.kind === 'requested') confirmationRef.current?.focus();
  }, [state.kind]);

  async function remove(sample: Sample) {
    setSaving(true);
    try {
      setState({ kind: 'loaded', samples: await removeSample(sample.id) });
      toaster.create({ type: 'success', title: 'Sample removed from cart' });
    } catch {
      toaster.create({ type: 'error', title: 'Failed to remove item from cart' });
    } finally {
      setSaving(false);
    }
  }

  async function clear() {
    setSaving(true);
    try {
      await clearSamples();
      setState({ kind: 'loaded', samples: [] });
      setRequesting(false);
      toaster.create({ type: 'success', title: 'Sample cart cleared' });
    } catch {
      toaster.create({ type: 'error', title: 'Failed to clear sample cart' });
    } finally {
      setSaving(false);
    }
  }

  function toPayment(checkoutUrl: string) {
    window.location.assign(checkoutUrl);
  }

  if (state.kind === 'loading' || presence === 'hidden') return null;

  return (
    <Box
      as="section"
      aria-labelledby="samples-heading"
      mt="8"
      borderWidth="1px"
      borderColor="oak.200"
      bg="oak.50"
      rounded="xl"
      p={{ base: '4', md: '6' }}
    >
      {state.kind === 'confirming' ? (
        <Flex align="center" gap="3" role="status">
          <Spinner color="brand.600" />
          <Heading as="h2" id="samples-heading" size="md">
            Confirming the payment of sample request {state.reference}…
          </Heading>
        </Flex>
      ) : state.kind === 'requested' ? (
        <Alert.Root status="success" ref={confirmationRef} tabIndex={-1} data-testid="sample-request-confirmation">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              <Heading as="h2" id="samples-heading" size="md">
                Sample request {state.reference} received
              </Heading>
            </Alert.Title>
            <Alert.Description>
              Your $15 sample shipping is paid. We sent a confirmation to {state.email}. {SAMPLE_PROCESSING_TEXT}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <>
          <Flex justify="space-between" align="center" gap="4" wrap="wrap">
            <Heading as="h2" id="samples-heading" size="lg" color="brand.800">
              Free Samples ({state.samples.length})
            </Heading>
            <Button variant="outline" size="sm" colorPalette="red" disabled={saving} onClick={clear}>
              Clear samples
            </Button>
          </Flex>
          <Stack as="ul" gap="2" mt="3" p="0">
            {state.samples.map((sample) => (
              <Flex
                as="li"
                key={sample.id}
                listStyleType="none"
                justify="space-between"
                align={{ base: 'stretch', sm: 'center' }}
                direction={{ base: 'column', sm: 'row' }}
                gap="2"
                bg="white"
                borderWidth="1px"
                borderColor="gray.200"
                rounded="md"
                p="3"
              >
                <Box minW="0">
                  <Text fontWeight="semibold" color="brand.800">
                    {sample.productName}
                  </Text>
                  <Text fontSize="sm" color="gray.700">
                    Color: {sample.color} · {sample.material}
                  </Text>
                </Box>
                <Button
                  variant="ghost"
                  size="sm"
                  colorPalette="red"
                  disabled={saving}
                  onClick={() => remove(sample)}
                  aria-label={`Remove sample ${sample.color} of ${sample.productName}`}
                >
                  Remove
                </Button>
              </Flex>
            ))}
          </Stack>
          <Text mt="3" fontSize="sm" color="gray.700">
            Samples are free. {SAMPLE_SHIPPING_NOTE}. {SAMPLE_PROCESSING_TEXT}
          </Text>
          {requesting ? (
            SampleRequestForm ? (
              <SampleRequestForm
                sampleCount={state.samples.length}
                onPayment={toPayment}
                onCancel={() => setRequesting(false)}
              />
            ) : (
              <Spinner mt="4" color="brand.600" aria-label="Loading the sample request form" />
            )
          ) : (
            <Button mt="4" colorPalette="brand" onClick={() => setRequesting(true)} disabled={saving}>
              Request Free Samples
            </Button>
          )}
        </>
      )}
    </Box>
  );
}
