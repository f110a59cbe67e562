import {
  Box,
  Checkbox,
  Heading,
  HStack,
  Input,
  Link,
  List,
  RadioGroup,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  CARD_CHECKOUT_MAX_WIDTH_INCHES,
  OVERSIZE_SHIPPING_CENTS_PER_UNIT,
  STANDARD_SHIPPING_CENTS_PER_UNIT,
  STANDARD_SHIPPING_MAX_WIDTH_INCHES,
} from '#domain/checkout/totals';
import { MAX_PO_NUMBER_LENGTH, onAccountLabel } from '#domain/accounts/payment-terms';
import type { PaymentMethod } from '#domain/checkout/checkout';
import { DELIVERY_TIME } from '#domain/claims';
import { PRODUCTION_TEXT } from '#domain/orders/next-steps';
import { formatCents } from '#domain/pricing/money';
import { SAMPLE_SHIPPING_CENTS } from '#domain/samples/messages';
import type { Property } from '../../../api/properties';
import { FormField } from '../../../components/form/FormField';
import { LabelledSelect } from '../../../components/form/LabelledSelect';
import { AddressFields } from '../AddressFields';
import type { CardCheckoutForm } from './useCheckoutForm';

/** The shipping terms, from the constants the server charges by. */
const SHIPPING_POLICY = [
  'Free delivery across the Dallas-Fort Worth metro.',
  `Elsewhere in the US: ${formatCents(STANDARD_SHIPPING_CENTS_PER_UNIT)} per blind up to ${STANDARD_SHIPPING_MAX_WIDTH_INCHES} in wide, ${formatCents(OVERSIZE_SHIPPING_CENTS_PER_UNIT)} per blind over ${STANDARD_SHIPPING_MAX_WIDTH_INCHES} in wide.`,
  `Blinds over ${CARD_CHECKOUT_MAX_WIDTH_INCHES} in wide ship by LTL freight: request a freight quote, which we price and you then accept and pay.`,
  `Samples ship for a flat ${formatCents(SAMPLE_SHIPPING_CENTS)}.`,
  `Your blinds are ${PRODUCTION_TEXT}; shipping then takes ${DELIVERY_TIME}.`,
];

/** A titled section of the checkout form, named by its heading. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
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

export function CustomerSection({ checkout }: { checkout: CardCheckoutForm }) {
  const { values, form, setCustomer } = checkout;
  return (
    <Section id="customer-heading" title="Customer Information">
      <Stack gap="4">
        <FormField
          id="checkout-name"
          name="customer.name"
          label="Full name"
          required
          error={form.errors['customer.name']}
        >
          {(control) => (
            <Input
              {...control}
              autoComplete="name"
              value={values.customer.name}
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
            error={form.errors['customer.email']}
          >
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="email"
                value={values.customer.email}
                onChange={(event) => setCustomer('email', event.target.value)}
              />
            )}
          </FormField>
          <FormField
            id="checkout-phone"
            name="customer.phone"
            label="Phone (optional)"
            error={form.errors['customer.phone']}
          >
            {(control) => (
              <Input
                {...control}
                type="tel"
                autoComplete="tel"
                value={values.customer.phone}
                onChange={(event) => setCustomer('phone', event.target.value)}
              />
            )}
          </FormField>
        </SimpleGrid>
      </Stack>
    </Section>
  );
}

export function ShippingPolicySection() {
  return (
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
  );
}

export function ShippingAddressSection({
  checkout,
  properties,
}: {
  checkout: CardCheckoutForm;
  properties: Property[];
}) {
  const { values, form, propertyId } = checkout;
  return (
    <Section id="shipping-address-heading" title="Shipping Address">
      <Stack gap="4">
        {properties.length > 0 && (
          <LabelledSelect
            label="Ship to a saved property"
            value={properties.some((property) => property.id === propertyId) ? propertyId : ''}
            onChange={checkout.chooseProperty}
            options={[
              { value: '', label: 'Choose a property' },
              ...properties.map((property) => ({ value: property.id, label: property.name })),
            ]}
          />
        )}
        <AddressFields
          kind="shippingAddress"
          values={values.shippingAddress}
          errors={form.errors}
          onChange={checkout.setAddress('shippingAddress')}
        />
      </Stack>
    </Section>
  );
}

export function BillingAddressSection({ checkout }: { checkout: CardCheckoutForm }) {
  const { values, form } = checkout;
  return (
    <Section id="billing-address-heading" title="Billing Address">
      <Stack gap="4">
        <Checkbox.Root
          colorPalette="brand"
          checked={values.billingSameAsShipping}
          onCheckedChange={(details) => form.set('billingSameAsShipping', details.checked === true)}
        >
          <Checkbox.HiddenInput name="billingSameAsShipping" />
          <Checkbox.Control />
          <Checkbox.Label>Same as shipping address</Checkbox.Label>
        </Checkbox.Root>
        {!values.billingSameAsShipping && (
          <AddressFields
            kind="billingAddress"
            values={values.billingAddress}
            errors={form.errors}
            onChange={checkout.setAddress('billingAddress')}
          />
        )}
      </Stack>
    </Section>
  );
}

export function NotesSection({ checkout }: { checkout: CardCheckoutForm }) {
  const { values, form } = checkout;
  return (
    <Section id="notes-heading" title="Order Notes">
      <FormField id="checkout-notes" name="notes" label="Notes for our team (optional)" error={form.errors.notes}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={values.notes}
            onChange={(event) => form.set('notes', event.target.value)}
          />
        )}
      </FormField>
    </Section>
  );
}

/** For a client on payment terms: pay by card, or on account with their PO number (billed under their terms). */
export function PaymentSection({ checkout }: { checkout: CardCheckoutForm }) {
  const { values, form, creditAccount } = checkout;
  if (!creditAccount?.terms) return null;
  return (
    <Section id="payment-heading" title="Payment">
      <Stack gap="4">
        <RadioGroup.Root
          name="paymentMethod"
          value={values.paymentMethod}
          onValueChange={(details) => form.set('paymentMethod', details.value as PaymentMethod)}
          colorPalette="brand"
        >
          <RadioGroup.Label fontWeight="medium">How would you like to pay?</RadioGroup.Label>
          <HStack gap="6" mt="2" flexWrap="wrap">
            {(
              [
                ['card', 'Pay by card'],
                ['account', 'Pay on account'],
              ] as const
            ).map(([method, label]) => (
              <RadioGroup.Item key={method} value={method}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </HStack>
        </RadioGroup.Root>
        {form.errors.paymentMethod && (
          <Text fontSize="sm" color="red.700" role="alert">
            {form.errors.paymentMethod}
          </Text>
        )}
        {values.paymentMethod === 'account' && (
          <>
            <Text fontSize="sm" color="gray.700">
              {onAccountLabel(creditAccount.terms)}: we invoice the order and it goes to production at once. Available
              credit: {formatCents(creditAccount.availableCents)}.
            </Text>
            <FormField id="checkout-po-number" name="poNumber" label="PO number" required error={form.errors.poNumber}>
              {(control) => (
                <Input
                  {...control}
                  maxLength={MAX_PO_NUMBER_LENGTH}
                  value={values.poNumber}
                  onChange={(event) => form.set('poNumber', event.target.value)}
                />
              )}
            </FormField>
          </>
        )}
      </Stack>
    </Section>
  );
}
