import { Box, Button, Flex, Heading, List, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { formatSize } from '#domain/cart/line';
import type { SizePair } from '#domain/properties/fit-check';
import { Section } from './CheckoutSections';
import type { QuestionedLine } from './fit-fix';
import type { CardCheckoutForm } from './useCheckoutForm';

/** The line's size and the window's, side by side, as a table a screen reader reads by row and column. */
function SizesSideBySide({ title, lineSize, windowSize }: { title: string; lineSize: SizePair; windowSize: SizePair }) {
  const rows = [
    ['Width', lineSize.width, windowSize.width],
    ['Height', lineSize.length, windowSize.length],
  ] as const;
  return (
    <Table.Root size="sm" maxW="sm" aria-label={`Sizes of ${title}`}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>
            <VisuallyHidden>Size</VisuallyHidden>
          </Table.ColumnHeader>
          <Table.ColumnHeader>Your blind</Table.ColumnHeader>
          <Table.ColumnHeader>Window measured</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map(([name, ordered, measured]) => (
          <Table.Row key={name}>
            <Table.Cell as="th" scope="row" fontWeight="semibold">
              {name}
            </Table.Cell>
            <Table.Cell>{formatSize(ordered)}</Table.Cell>
            <Table.Cell>{formatSize(measured)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function QuestionedLineItem({ questioned, checkout }: { questioned: QuestionedLine; checkout: CardCheckoutForm }) {
  const { fit } = checkout;
  const { line, checks } = questioned;
  const [first] = checks;
  if (!first) return null;
  const name = `${line.title}, ${first.place}`;
  const headingId = `fit-check-${line.lineId}`;
  const confirmed = fit.isConfirmed(line.lineId);
  const outOfSquare = checks.find((check) => check.kind === 'outOfSquare');
  return (
    <Box
      as="li"
      listStyleType="none"
      aria-labelledby={headingId}
      borderWidth="1px"
      borderColor={confirmed ? 'green.300' : 'orange.300'}
      rounded="md"
      p={{ base: '3', md: '4' }}
    >
      <Heading as="h3" id={headingId} size="sm" color="brand.800">
        {line.title}{' '}
        <Text as="span" fontWeight="normal">
          ({first.place})
        </Text>
      </Heading>
      <Stack gap="2" mt="2" fontSize="sm">
        {checks.map((check) => (
          <Text key={check.kind} color="gray.800">
            {check.message}
          </Text>
        ))}
        <SizesSideBySide title={line.title} lineSize={first.lineSize} windowSize={first.windowSize} />
        {outOfSquare && (
          <Text color="gray.700">
            Widths measured: top {formatSize(outOfSquare.windowWidths[0])}, middle{' '}
            {formatSize(outOfSquare.windowWidths[1])}, bottom {formatSize(outOfSquare.windowWidths[2])}.
          </Text>
        )}
      </Stack>
      <Flex mt="3" gap="2" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'center' }}>
        <Button
          size="sm"
          colorPalette="brand"
          aria-label={`Fix ${name}`}
          loading={fit.fixing === line.lineId}
          loadingText="Fixing…"
          disabled={fit.fixing !== null}
          onClick={() => void fit.fix(questioned)}
        >
          Fix
        </Button>
        <Button
          size="sm"
          variant={confirmed ? 'solid' : 'outline'}
          colorPalette={confirmed ? 'green' : 'brand'}
          aria-label={`Confirm ${name}: the size is right`}
          aria-pressed={confirmed}
          disabled={fit.fixing !== null}
          onClick={() => fit.toggleConfirmed(line.lineId)}
        >
          Confirm
        </Button>
        <Text fontSize="sm" color={confirmed ? 'green.800' : 'gray.700'} aria-live="polite">
          {confirmed ? 'Confirmed: we make it at the size you ordered.' : 'Fix it, or confirm the size is right.'}
        </Text>
      </Flex>
    </Box>
  );
}

/**
 * Will it fit? (decision 0069): each blind whose size differs from the window the customer measured
 * in its room, the two sizes side by side with what we suggest, and Fix or Confirm for each.
 */
export function FitCheckSection({ checkout }: { checkout: CardCheckoutForm }) {
  const { questioned } = checkout.fit;
  if (questioned.length === 0) return null;
  return (
    <Section id="fit-checks-heading" title="Check your sizes">
      <Text fontSize="sm" color="gray.700" mb="3">
        {questioned.length === 1 ? 'This blind does' : 'These blinds do'} not match the window you measured in
        {questioned.length === 1 ? ' its' : ' their'} room. Fix each one, or confirm its size is right before paying.
      </Text>
      <List.Root as="ul" gap="3" ps="0">
        {questioned.map((line) => (
          <QuestionedLineItem key={line.line.lineId} questioned={line} checkout={checkout} />
        ))}
      </List.Root>
    </Section>
  );
}
