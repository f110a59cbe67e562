import { Button, Flex, Input, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { AppliedCode } from '#domain/promotions/promotion-schema';
import { FormField } from './FormField';

interface PromoCodeFieldProps {
  /** Unique on the page (the cart's, checkout's). */
  id: string;
  /** The server's answer for the code in use, or null when none is. */
  outcome: AppliedCode | null;
  /** Keeps the code ('' removes it); the cart or the quote is read again with it. */
  onChange: (code: string) => void;
  busy?: boolean;
}

/**
 * Where a customer enters a promotion code, in the cart and at checkout. The server says what became
 * of it: applied (its row is among the discounts), outdone by a sale that saves more, or refused
 * with the sentence saying why. Enter applies it; it never submits the checkout form around it.
 */
export function PromoCodeField({ id, outcome, onChange, busy = false }: PromoCodeFieldProps) {
  const [typed, setTyped] = useState(outcome?.status === 'refused' ? outcome.code : '');
  const apply = () => {
    if (typed.trim()) onChange(typed);
  };

  if (outcome && outcome.status !== 'refused')
    return (
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" data-testid={`${id}-applied`}>
        <Text fontSize="sm" color={outcome.status === 'applied' ? 'green.700' : 'gray.700'}>
          {outcome.status === 'applied' ? `Code ${outcome.code} applied` : outcome.message}
        </Text>
        <Button
          size="xs"
          variant="outline"
          onClick={() => {
            setTyped('');
            onChange('');
          }}
          aria-label={`Remove code ${outcome.code}`}
          disabled={busy}
        >
          Remove
        </Button>
      </Flex>
    );

  return (
    <FormField id={id} name="promoCode" label="Promotion code" error={outcome?.message ?? undefined}>
      {(control) => (
        <Flex gap="2">
          <Input
            {...control}
            value={typed}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={40}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              apply();
            }}
          />
          <Button type="button" variant="outline" colorPalette="brand" onClick={apply} loading={busy}>
            Apply
          </Button>
        </Flex>
      )}
    </FormField>
  );
}
