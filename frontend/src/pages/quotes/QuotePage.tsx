import { Alert, Button, chakra, Container, Flex, Heading, Input, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import { useCallback, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import {
  emailQuoteRequestSchema,
  QUOTE_MESSAGES,
  type CustomerQuoteView,
} from '#domain/customer-quotes/customer-quote';
import { ApiError } from '../../api/client';
import { acceptQuote, createCustomerQuote, emailQuote, fetchMyQuote } from '../../api/customer-quotes';
import { FormField } from '../../components/form/FormField';
import { LoadState } from '../../components/layout/LoadState';
import { toaster } from '../../components/layout/toast-queue';
import { useResource } from '../../lib/use-resource';
import { useZodForm } from '../../lib/use-zod-form';
import { PdfButton, pdfFileName, QuoteDetails } from './QuoteParts';

const messageOf = (error: unknown) =>
  error instanceof ApiError && error.kind === 'http' && error.status < 500
    ? error.message
    : 'Something went wrong. Please try again.';

/** "New quote at today's prices": the same blinds, rooms, address and details, priced afresh. */
function useRequote(quote: CustomerQuoteView) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  async function requote() {
    setBusy(true);
    try {
      const fresh = await createCustomerQuote({
        customer: quote.customer,
        shippingAddress: quote.shippingAddress,
        installation: quote.installation,
        notes: quote.notes,
        lines: quote.lines.map((line) => ({ configuration: line.configuration, roomLabel: line.roomLabel })),
      });
      toaster.create({ type: 'success', title: `Quote ${fresh.number} saved at today's prices` });
      navigate(`/account/quotes/${fresh.id}`);
    } catch (error) {
      toaster.create({ type: 'error', title: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }
  return { requote, busy };
}

/** What the customer may do with the quote as it stands: accept and pay it, or why not (and what instead). */
function QuoteStanding({ quote, onChanged }: { quote: CustomerQuoteView; onChanged: () => void }) {
  const [accepting, setAccepting] = useState(false);
  const { requote, busy } = useRequote(quote);
  async function accept() {
    setAccepting(true);
    try {
      const { checkoutUrl } = await acceptQuote(quote.id);
      window.location.assign(checkoutUrl);
    } catch (error) {
      setAccepting(false);
      toaster.create({ type: 'error', title: messageOf(error) });
      onChanged();
    }
  }
  if (quote.status === 'open')
    return (
      <Stack gap="2" align="flex-start">
        <Button colorPalette="brand" size="lg" onClick={accept} loading={accepting} loadingText="Opening payment…">
          Accept and pay
        </Button>
        <Text fontSize="sm" color="gray.700">
          The order is placed at these prices; you pay by card on our payment provider&apos;s secure page.
        </Text>
      </Stack>
    );
  if (quote.status === 'accepted')
    return (
      <Alert.Root status="success">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Accepted{quote.order?.orderNumber ? ` as order ${quote.order.orderNumber}` : ''}.</Alert.Title>
          <Alert.Description>
            Not paid yet?{' '}
            <Button variant="plain" size="sm" p="0" onClick={accept} loading={accepting}>
              Continue to payment
            </Button>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  if (quote.status === 'replaced' && quote.replacedBy)
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{QUOTE_MESSAGES.replaced({ reference: quote.replacedByReference ?? '' })}</Alert.Title>
          <Link asChild color="brand.700" fontWeight="semibold">
            <RouterLink to={`/account/quotes/${quote.replacedBy.id}`}>Open {quote.replacedByReference}</RouterLink>
          </Link>
        </Alert.Content>
      </Alert.Root>
    );
  if (quote.status === 'awaitingPricing')
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Description>{QUOTE_MESSAGES.awaitingPricing}</Alert.Description>
      </Alert.Root>
    );
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{QUOTE_MESSAGES.expired(quote)}</Alert.Description>
        <Button mt="2" colorPalette="brand" size="sm" onClick={requote} loading={busy} alignSelf="flex-start">
          {QUOTE_MESSAGES.newQuoteAtTodaysPrices}
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The read-only link for an owner, copied in one click (and shown, to copy by hand). */
function ShareLink({ url }: { url: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toaster.create({ type: 'success', title: 'Share link copied' });
    } catch {
      toaster.create({ type: 'error', title: 'Could not copy the link. Select it and copy it instead.' });
    }
  }
  return (
    <Stack gap="2">
      <Heading as="h2" size="md" color="brand.800">
        Share with the owner
      </Heading>
      <Text fontSize="sm" color="gray.700">
        Anyone with this link can view the quote and its PDF, without signing in. Only you can accept it.
      </Text>
      <Flex gap="2" direction={{ base: 'column', sm: 'row' }}>
        <Input readOnly value={url} aria-label="Share link" onFocus={(event) => event.target.select()} />
        <Button onClick={copy} variant="outline" colorPalette="brand" flexShrink={0}>
          Copy share link
        </Button>
      </Flex>
    </Stack>
  );
}

function EmailQuoteForm({ quoteId }: { quoteId: string }) {
  const form = useZodForm(
    { email: '', message: '' },
    { schema: emailQuoteRequestSchema, fieldOrder: ['email', 'message'] },
  );
  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void form.submit(async (request) => {
      try {
        const { message } = await emailQuote(quoteId, request);
        toaster.create({ type: 'success', title: message });
        form.setValues({ email: '', message: '' });
      } catch (error) {
        toaster.create({ type: 'error', title: messageOf(error) });
        throw error;
      }
    });
  }
  return (
    <chakra.form onSubmit={send} noValidate ref={form.formRef}>
      <Stack gap="3">
        <Heading as="h2" size="md" color="brand.800">
          E-mail this quote
        </Heading>
        <FormField id="quote-email" name="email" label="E-mail address" required error={form.errors.email}>
          {(props) => (
            <Input
              {...props}
              type="email"
              autoComplete="email"
              value={form.values.email}
              onChange={(event) => form.setValues((current) => ({ ...current, email: event.target.value }))}
            />
          )}
        </FormField>
        <FormField id="quote-email-message" name="message" label="Message (optional)" error={form.errors.message}>
          {(props) => (
            <Textarea
              {...props}
              rows={3}
              value={form.values.message}
              onChange={(event) => form.setValues((current) => ({ ...current, message: event.target.value }))}
            />
          )}
        </FormField>
        <Button type="submit" colorPalette="brand" variant="outline" loading={form.submitting} alignSelf="flex-start">
          Send the quote
        </Button>
      </Stack>
    </chakra.form>
  );
}

/** /account/quotes/:quoteId: the customer's quote, its PDF, share link and e-mail, and Accept and pay. */
export default function QuotePage() {
  const { quoteId = '' } = useParams();
  const load = useCallback(({ signal }: { signal: AbortSignal }) => fetchMyQuote(quoteId, { signal }), [quoteId]);
  const quote = useResource(load, { unauthorized: 'sign-in' });
  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '8' }}>
      <LoadState
        resource={quote.state}
        loading="Loading your quote…"
        loadingProps={{ size: 'page' }}
        failed={(error) => (
          <Stack gap="3">
            <Heading as="h1" size="2xl" color="brand.800">
              {error instanceof ApiError && error.status === 404 ? QUOTE_MESSAGES.notFound : 'Could not load the quote'}
            </Heading>
            <Link asChild color="brand.700">
              <RouterLink to="/account">Back to My Account</RouterLink>
            </Link>
          </Stack>
        )}
      >
        {(data) => (
          <Stack gap="8">
            <QuoteDetails quote={data} />
            <QuoteStanding quote={data} onChanged={quote.reload} />
            <Flex gap="3" wrap="wrap">
              <PdfButton from={{ quoteId: data.id }} fileName={pdfFileName(data)} />
            </Flex>
            <ShareLink url={data.shareUrl} />
            <EmailQuoteForm quoteId={data.id} />
          </Stack>
        )}
      </LoadState>
    </Container>
  );
}
