import { Alert, Box, Button, chakra, Dialog, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { describeLine, lineTitle } from '#domain/cart/line';
import { PRICE_MATCH_TERMS } from '#domain/price-match/price-match';
import { competitorOfferSchema } from '#domain/price-match/price-match-schema';
import type { Configuration } from '#domain/pricing/configuration';
import { formatCents } from '#domain/pricing/money';
import { ApiError } from '../../api/client';
import { requestPriceMatch } from '../../api/price-matches';
import { SiteDialog } from '../../components/dialog/SiteDialog';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/layout/toast-queue';
import { useZodForm } from '../../lib/use-zod-form';

const EMPTY = { competitorName: '', competitorPrice: '', competitorUrl: '', note: '' };
const FIELD_ORDER = ['competitorName', 'competitorPrice', 'competitorUrl', 'note'] as const;

/** The price as typed ("41.40", "$41.40") as the JSON number the API takes; blank is no price. */
function priceOf(text: string): number | undefined {
  const typed = text.trim().replace(/^\$\s*/, '');
  return typed === '' ? undefined : Number(typed);
}

/**
 * Request a price match: the blind on the screen (our price for it), what the customer found
 * elsewhere (the competitor, their price for one blind, a link to it, a note), and the terms. The
 * server prices the blind itself; a configuration it refuses is said above the fields.
 */
export function PriceMatchDialog({
  open,
  configuration,
  ourUnitCents,
  onClose,
}: {
  open: boolean;
  configuration: Configuration;
  ourUnitCents: number;
  onClose: () => void;
}) {
  const formId = useId();
  const form = useZodForm(EMPTY, { schema: competitorOfferSchema, fieldOrder: FIELD_ORDER });
  const { values, errors } = form;
  const [problem, setProblem] = useState<string | null>(null);
  const change = (field: keyof typeof EMPTY) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    form.set(field, event.target.value);

  const send = () =>
    form.submit(
      async (offer) => {
        setProblem(null);
        try {
          await requestPriceMatch({ ...offer, configuration });
          toaster.create({
            type: 'success',
            title: 'Price match request sent.',
            description: PRICE_MATCH_TERMS.reply,
          });
          form.setValues(EMPTY);
          onClose();
        } catch (error) {
          const fields = error instanceof ApiError ? Object.keys(error.fieldErrors) : [];
          if (!fields.some((field) => (FIELD_ORDER as readonly string[]).includes(field)))
            setProblem(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
          throw error;
        }
      },
      { ...values, competitorPrice: priceOf(values.competitorPrice) },
    );

  return (
    <SiteDialog
      open={open}
      onClose={onClose}
      title="Request a price match"
      size={{ base: 'full', sm: 'lg' }}
      scrollBehavior="inside"
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline">Cancel</Button>
          </Dialog.ActionTrigger>
          <Button type="submit" form={formId} colorPalette="brand" loading={form.submitting}>
            Send Request
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Box fontSize="sm" bg="oak.50" rounded="md" p="3">
          <Text fontWeight="semibold">
            {configuration.quantity} x {lineTitle(configuration)}: {formatCents(ourUnitCents)} each
          </Text>
          <Text color="gray.700">{describeLine(configuration, null).join(' · ')}</Text>
        </Box>
        <Text fontSize="sm" color="gray.700" data-testid="price-match-terms">
          {PRICE_MATCH_TERMS.terms}
        </Text>
        {problem && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Description>{problem}</Alert.Description>
          </Alert.Root>
        )}
        <chakra.form
          id={formId}
          ref={form.formRef}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <Stack gap="4">
            <FormField
              id={`${formId}-name`}
              name="competitorName"
              label="Competitor"
              required
              error={errors.competitorName}
            >
              {(control) => <Input {...control} value={values.competitorName} onChange={change('competitorName')} />}
            </FormField>
            <FormField
              id={`${formId}-price`}
              name="competitorPrice"
              label="Their price for one blind ($)"
              required
              error={errors.competitorPrice}
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  placeholder="41.40"
                  value={values.competitorPrice}
                  onChange={change('competitorPrice')}
                />
              )}
            </FormField>
            <FormField
              id={`${formId}-url`}
              name="competitorUrl"
              label="Link to their price"
              required
              error={errors.competitorUrl}
            >
              {(control) => (
                <Input
                  {...control}
                  type="url"
                  placeholder="https://"
                  value={values.competitorUrl}
                  onChange={change('competitorUrl')}
                />
              )}
            </FormField>
            <FormField id={`${formId}-note`} name="note" label="Note (optional)" error={errors.note}>
              {(control) => <Textarea {...control} rows={3} value={values.note} onChange={change('note')} />}
            </FormField>
          </Stack>
        </chakra.form>
      </Stack>
    </SiteDialog>
  );
}
