/** The pieces every order view shares: checkout, success, tracking, My Account and the admin Orders tab. */
import { Box, Flex, Heading, Link, List, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { CheckoutAddress, OrderSample } from '#domain/checkout/checkout';
import { lineDetails, postalAddressLines, sampleTitle } from '#domain/orders/invoice';
import type { Shipment } from '#domain/orders/order';
import { lineStatusText, type LineStatus } from '#domain/orders/statuses';
import { formatCents } from '#domain/pricing/money';
import { UnitPrice } from '../../components/catalogue/UnitPrice';
import { orderTimeline, type TimelineOrder } from '#domain/orders/timeline';
import { timelineStepText, type SummaryRow } from './order-display';

/** Label and amount pairs as a description list; the total last, set apart. */
export function SummaryRows({ rows, testId }: { rows: readonly SummaryRow[]; testId?: string }) {
  return (
    <Stack as="dl" gap="2" m="0" data-testid={testId}>
      {rows.map((row) => (
        <Flex
          key={row.label}
          justify="space-between"
          gap="4"
          fontWeight={row.strong ? 'bold' : 'normal'}
          fontSize={row.strong ? 'lg' : 'md'}
          {...(row.strong ? { borderTopWidth: '1px', borderColor: 'gray.200', pt: '2' } : {})}
        >
          <Text as="dt">{row.label}</Text>
          <Text as="dd" m="0" textAlign="end">
            {row.value}
          </Text>
        </Flex>
      ))}
    </Stack>
  );
}

export interface DisplayLine {
  lineId: string;
  title: string;
  description: string[];
  roomLabel: string | null;
  quantity: number;
  unitCents: number;
  /** The list price, when the buyer's contract price is below it. */
  listUnitCents?: number;
  lineCents: number;
  /** What staff should know of the line ("measure check: confirmed by customer"). */
  note?: string;
  /** An order line's own status and the note staff gave with it (absent: ordered with the rest). */
  status?: LineStatus;
  statusNote?: string;
}

/** Each blind spelled out (size, mount, colour, options, room, as the cart words them) with its quantity and price, then the samples. */
export function OrderLineList({
  lines,
  samples,
  notes = {},
  staffNotes = false,
  lineActions,
}: {
  lines: readonly DisplayLine[];
  samples: readonly OrderSample[];
  notes?: Record<string, string>;
  /** Show each line's own note (staff's order detail). */
  staffNotes?: boolean;
  /** What staff may do to each line (the admin order dialog), under it. */
  lineActions?: (line: DisplayLine) => ReactNode;
}) {
  return (
    <Stack as="ul" gap="3" p="0" m="0" aria-label="Items">
      {lines.map((line) => (
        <Box as="li" key={line.lineId} listStyleType="none" borderBottomWidth="1px" borderColor="gray.200" pb="3">
          <Flex justify="space-between" gap="4" align="baseline">
            <Text fontWeight="semibold" color="brand.800">
              {line.title}
            </Text>
            <Text
              fontWeight="semibold"
              whiteSpace="nowrap"
              textDecoration={line.status === 'cancelled' ? 'line-through' : undefined}
            >
              {formatCents(line.lineCents)}
            </Text>
          </Flex>
          <Text fontSize="sm" color="gray.700">
            {line.quantity} × <UnitPrice unitCents={line.unitCents} listUnitCents={line.listUnitCents} each={false} />
          </Text>
          <List.Root fontSize="sm" color="gray.700" ps="4" mt="1">
            {lineDetails(line).map((detail) => (
              <List.Item key={detail}>{detail}</List.Item>
            ))}
          </List.Root>
          {lineStatusText(line) && (
            <Text
              mt="1"
              fontSize="sm"
              fontWeight="semibold"
              color={line.status === 'cancelled' ? 'red.700' : 'orange.800'}
              data-testid="line-status"
            >
              {lineStatusText(line)}
            </Text>
          )}
          {staffNotes && line.note && (
            <Text mt="1" fontSize="sm" color="brand.800" fontWeight="medium">
              Note: {line.note}
            </Text>
          )}
          {lineActions?.(line)}
          {notes[line.lineId] && (
            <Text mt="1" fontSize="sm" color="red.700" role="alert">
              {notes[line.lineId]}
            </Text>
          )}
        </Box>
      ))}
      {samples.map((sample) => (
        <Box as="li" key={sample.id} listStyleType="none" borderBottomWidth="1px" borderColor="gray.200" pb="3">
          <Flex justify="space-between" gap="4" align="baseline">
            <Text fontWeight="semibold" color="brand.800">
              {sampleTitle(sample)}
            </Text>
          </Flex>
          <Text fontSize="sm" color="gray.700">
            {sample.color} · {sample.material}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

export function AddressBlock({
  title,
  address,
  headingLevel = 'h3',
}: {
  title: string;
  address: CheckoutAddress;
  headingLevel?: 'h2' | 'h3' | 'h4';
}) {
  return (
    <Box>
      <Heading as={headingLevel} size="sm" color="brand.800" mb="1">
        {title}
      </Heading>
      <Box as="address" fontStyle="normal" color="gray.800">
        {postalAddressLines(address).map((line) => (
          <Text key={line}>{line}</Text>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The order's status, and its stages as a timeline: each one reached with its date, the one it is
 * in marked (for screen readers too), each to come with the date promised for it. A cancelled
 * order shows its status alone.
 */
export function OrderTimeline({ order, statusLabel }: { order: TimelineOrder; statusLabel: string }) {
  const steps = orderTimeline(order);
  return (
    <Box>
      <Text fontWeight="semibold" data-testid="tracking-status">
        Status: {statusLabel}
      </Text>
      {steps && (
        <Stack as="ol" aria-label="Order progress" mt="3" p="0" gap="0" data-testid="order-timeline">
          {steps.map((step, index) => (
            <Flex
              as="li"
              key={step.stage}
              listStyleType="none"
              gap="3"
              align="stretch"
              aria-current={step.state === 'current' ? 'step' : undefined}
              data-stage={step.stage}
              data-state={step.state}
            >
              <Flex direction="column" align="center" aria-hidden>
                <Flex
                  boxSize="7"
                  flexShrink={0}
                  rounded="full"
                  align="center"
                  justify="center"
                  fontSize="sm"
                  fontWeight="bold"
                  bg={step.state === 'expected' ? 'gray.100' : 'brand.700'}
                  color={step.state === 'expected' ? 'gray.700' : 'white'}
                >
                  {step.state === 'expected' ? index + 1 : '✓'}
                </Flex>
                {index < steps.length - 1 && (
                  <Box flex="1" w="2px" minH="3" bg={step.state === 'expected' ? 'gray.200' : 'brand.700'} />
                )}
              </Flex>
              <Box pb="3">
                <Text
                  fontWeight={step.state === 'current' ? 'bold' : 'normal'}
                  color={step.state === 'expected' ? 'gray.700' : 'gray.900'}
                >
                  {step.label}
                  {step.state !== 'expected' && <VisuallyHidden> (done)</VisuallyHidden>}
                </Text>
                <Text fontSize="sm" color="gray.700" data-testid="timeline-date">
                  {timelineStepText(step)}
                </Text>
              </Box>
            </Flex>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** The carrier and tracking number, linked to the carrier's tracking page when it has one. */
export function ShipmentDetails({ shipment }: { shipment: Shipment }) {
  return (
    <Box>
      <Heading as="h3" size="sm" color="brand.800" mb="1">
        Shipment
      </Heading>
      <Text>
        {shipment.carrier}:{' '}
        {shipment.trackingUrl ? (
          <Link
            href={shipment.trackingUrl}
            target="_blank"
            rel="noopener noreferrer"
            color="brand.700"
            textDecoration="underline"
          >
            {shipment.trackingNumber}
          </Link>
        ) : (
          shipment.trackingNumber
        )}
      </Text>
    </Box>
  );
}
