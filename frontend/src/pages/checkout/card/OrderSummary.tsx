import { Alert, Box, Button, Flex, Heading, Link, Spinner, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { shortDate } from '#domain/calendar/date-text';
import { FIT_CHECK_MESSAGES } from '#domain/properties/fit-check';
import { PromoCodeField } from '../../../components/form/PromoCodeField';
import { OrderLineList, SummaryRows } from '../../orders/OrderParts';
import { quoteSummaryRows } from '../../orders/order-display';
import type { CardCheckoutForm } from './useCheckoutForm';

/** Problems that stop the order as it stands (installation outside the area is undone instead). */
const BLOCKING_PROBLEMS = new Set(['empty', 'freight', 'unpriced', 'tooManyLines']);

/** The lines, the totals as quoted for the form (marked while they update), what blocks the order, and Place Order. */
export function OrderSummary({ checkout }: { checkout: CardCheckoutForm }) {
  const { quote, stale, failed, retry } = checkout.quote;
  const blocking = quote.problems.filter((problem) => BLOCKING_PROBLEMS.has(problem.code));
  /** Sizes the measure check questions that the customer has neither fixed nor confirmed (FitCheckSection). */
  const sizesOpen = checkout.fit.unconfirmed.length > 0;
  /** A blind over 100" wide: no card checkout, but a freight quote. */
  const freight = blocking.some((problem) => problem.code === 'freight');
  const lineNotes = Object.fromEntries(
    quote.problems.filter((problem) => problem.lineId).map((problem) => [problem.lineId!, problem.message]),
  );
  return (
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
      <Box mt="4">
        <PromoCodeField
          id="checkout-promo-code"
          outcome={quote.promoCode}
          onChange={checkout.setPromoCode}
          busy={stale && !failed}
        />
      </Box>
      <Box mt="4" aria-live="polite" aria-busy={stale}>
        <SummaryRows rows={quoteSummaryRows(quote)} testId="checkout-totals" />
        {quote.lines.length > 0 && (
          <Text mt="3" fontSize="sm" data-testid="checkout-delivery-date">
            {quote.estimate ? (
              <>
                Order now, delivered by <strong>{shortDate(quote.estimate.deliveredBy)}</strong> to this address (ships
                by {shortDate(quote.estimate.shipsBy)}).
              </>
            ) : (
              'Enter your shipping address to see your delivery date.'
            )}
          </Text>
        )}
        {stale && !failed && (
          <Flex mt="2" align="center" gap="2" fontSize="sm" color="gray.700">
            <Spinner size="xs" />
            <Text>Updating totals…</Text>
          </Flex>
        )}
        {failed && (
          <Flex mt="2" align="center" gap="3" role="alert">
            <Text fontSize="sm" color="red.700">
              Could not update the totals. Please check your connection.
            </Text>
            <Button size="xs" variant="outline" onClick={retry}>
              Retry
            </Button>
          </Flex>
        )}
      </Box>
      {(blocking.length > 0 || sizesOpen) && (
        <Alert.Root status="warning" mt="4">
          <Alert.Indicator />
          <Alert.Content>
            {blocking.map((problem) => (
              <Alert.Description key={`${problem.code}-${problem.lineId ?? ''}`}>{problem.message}</Alert.Description>
            ))}
            {sizesOpen && <Alert.Description>{FIT_CHECK_MESSAGES.unconfirmed}</Alert.Description>}
          </Alert.Content>
        </Alert.Root>
      )}
      <Button
        type="submit"
        mt="5"
        w="full"
        size="lg"
        colorPalette="brand"
        disabled={stale || blocking.length > 0 || sizesOpen || quote.promoCode?.status === 'refused'}
        loading={checkout.processing}
        loadingText="Processing..."
      >
        Place Order
      </Button>
      <Text mt="2" fontSize="sm" color="gray.700">
        You pay by card on our payment provider&apos;s secure page.
      </Text>
      <Button
        type="button"
        mt="4"
        w="full"
        variant={freight ? 'solid' : 'outline'}
        colorPalette="brand"
        disabled={stale || blocking.some((problem) => problem.code !== 'freight')}
        onClick={() => void checkout.saveAsQuote()}
      >
        {freight ? 'Request a freight quote' : 'Save as quote'}
      </Button>
      <Text mt="2" fontSize="sm" color="gray.700">
        {freight
          ? 'We price the freight and e-mail you the quote; you accept and pay it from My Account.'
          : "A quote keeps today's prices for 30 days, with a PDF and a link to share."}
      </Text>
    </Box>
  );
}
