import { Box, Button, chakra, DataList, HStack, Heading, Input, NativeSelect, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import type { ClientSummary } from '#domain/accounts/customer-directory';
import {
  PAYMENT_TERMS,
  PAYMENT_TERMS_LABELS,
  paymentTermsInputSchema,
  type CreditAccountView,
  type PaymentTerms,
  type PaymentTermsInput,
} from '#domain/accounts/payment-terms';
import { formatCents, parseDollars } from '#domain/pricing/money';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { FormField } from '../../components/form/FormField';
import { LoadState } from '../../components/layout/LoadState';
import { toaster } from '../../components/layout/toast-queue';
import { useResource } from '../../lib/use-resource';
import { useZodForm } from '../../lib/use-zod-form';
import { fetchClientPaymentTerms, saveClientPaymentTerms, withdrawClientPaymentTerms } from './admin-api';

interface TermsValues {
  terms: PaymentTerms | '';
  /** The limit in dollars as typed ("2,500", "2500.00"). */
  creditLimit: string;
}

function valuesOf(account: CreditAccountView | null): TermsValues {
  return {
    terms: account?.terms ?? '',
    creditLimit: account?.terms ? (account.creditLimitCents / 100).toFixed(2) : '',
  };
}

/** The request as the API reads it: dollars typed become cents; text that is no amount stays text, for the schema to name. */
function requestOf(values: TermsValues): unknown {
  return { terms: values.terms, creditLimitCents: parseDollars(values.creditLimit.trim()) ?? values.creditLimit };
}

function TermsFields({
  client,
  saved,
  onChanged,
}: {
  client: ClientSummary;
  saved: CreditAccountView | null;
  onChanged: () => void;
}) {
  const [confirmingWithdrawal, setConfirmingWithdrawal] = useState(false);
  const clientName = `${client.firstName} ${client.lastName}`;
  const form = useZodForm<TermsValues, PaymentTermsInput>(() => valuesOf(saved), {
    schema: paymentTermsInputSchema,
  });
  const { values, errors } = form;
  const save = () =>
    form.submit(async (input) => {
      try {
        await saveClientPaymentTerms(client.id, input);
        toaster.create({
          type: 'success',
          title: `${clientName} may pay on account: ${PAYMENT_TERMS_LABELS[input.terms]}, limit ${formatCents(input.creditLimitCents)}.`,
        });
        onChanged();
      } catch (error) {
        toaster.create({ type: 'error', title: 'The payment terms could not be saved.' });
        throw error;
      }
    }, requestOf(values));
  const withdraw = async () => {
    try {
      await withdrawClientPaymentTerms(client.id);
      toaster.create({ type: 'success', title: `Payment terms withdrawn: ${clientName} pays by card.` });
      setConfirmingWithdrawal(false);
      onChanged();
    } catch {
      toaster.create({ type: 'error', title: 'The payment terms could not be withdrawn.' });
    }
  };
  const idPrefix = `payment-terms-${client.id}`;
  return (
    <chakra.form
      ref={form.formRef}
      noValidate
      display="flex"
      flexDirection="column"
      gap="4"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {saved && (
        <DataList.Root orientation="horizontal" size="sm">
          {(
            [
              ['Terms', saved.terms ? PAYMENT_TERMS_LABELS[saved.terms] : 'Withdrawn'],
              ['Credit limit', formatCents(saved.creditLimitCents)],
              ['Held by open orders', formatCents(saved.heldCents)],
              ['Available', formatCents(saved.availableCents)],
            ] as const
          ).map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue fontWeight="semibold">{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      )}
      {!saved?.terms && (
        <Text fontSize="sm" color="gray.700">
          {clientName} pays by card. Approve them to place orders on account with their PO number.
        </Text>
      )}
      <HStack gap="3" align="flex-start" wrap="wrap">
        <FormField id={`${idPrefix}-terms`} name="terms" label="Terms" required error={errors.terms}>
          {(control) => (
            <NativeSelect.Root>
              <NativeSelect.Field
                {...control}
                value={values.terms}
                onChange={(event) => form.set('terms', event.target.value as PaymentTerms | '')}
              >
                <option value="">Choose…</option>
                {PAYMENT_TERMS.map((terms) => (
                  <option key={terms} value={terms}>
                    {PAYMENT_TERMS_LABELS[terms]}
                  </option>
                ))}
              </NativeSelect.Field>
            </NativeSelect.Root>
          )}
        </FormField>
        <FormField
          id={`${idPrefix}-limit`}
          name="creditLimitCents"
          label="Credit limit ($)"
          required
          error={errors.creditLimitCents}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              value={values.creditLimit}
              onChange={(event) => form.set('creditLimit', event.target.value)}
            />
          )}
        </FormField>
      </HStack>
      <HStack gap="3" wrap="wrap">
        <Button type="submit" colorPalette="brand" loading={form.submitting}>
          {saved?.terms ? 'Save payment terms' : 'Approve payment terms'}
        </Button>
        {saved?.terms && (
          <Button variant="outline" colorPalette="red" onClick={() => setConfirmingWithdrawal(true)}>
            Withdraw payment terms
          </Button>
        )}
      </HStack>
      <ConfirmDialog
        open={confirmingWithdrawal}
        title="Withdraw these payment terms?"
        message={`${clientName} will pay by card from now on. Orders already on account keep their credit held until they are paid or cancelled.`}
        confirmLabel="Withdraw Terms"
        onConfirm={withdraw}
        onClose={() => setConfirmingWithdrawal(false)}
      />
    </chakra.form>
  );
}

/** A client's payment terms (issue 28), for staff: approve net 15 or net 30 with a limit, change them, or withdraw them. */
export function ClientPaymentTermsForm({ client }: { client: ClientSummary }) {
  const load = useCallback(
    (request: { signal: AbortSignal }) => fetchClientPaymentTerms(client.id, request),
    [client.id],
  );
  const { state, reload } = useResource(load);
  const headingId = `payment-terms-${client.id}-heading`;
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      p="4"
      bg="white"
    >
      <Heading as="h3" id={headingId} size="sm" color="brand.800" mb="3">
        Payment terms: {client.firstName} {client.lastName}
      </Heading>
      <LoadState
        resource={state}
        loading="Loading the payment terms…"
        failed="Could not load the payment terms"
        onRetry={reload}
      >
        {(account) => (
          // Keyed by the account, so the form shows it as saved.
          <TermsFields key={account?.updatedAt ?? 'none'} client={client} saved={account} onChanged={reload} />
        )}
      </LoadState>
    </Box>
  );
}
