import { Checkbox, chakra, Input, SimpleGrid, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { shopDateAt } from '#domain/appointments/schedule';
import { FAMILIES, FAMILY_IDS, type FamilyId } from '#domain/catalogue/families';
import { formatCents, parseDollars } from '#domain/pricing/money';
import { PROMOTION_MAX_PERCENT, type Promotion, type PromotionKind } from '#domain/promotions/promotion';
import { promotionInputSchema } from '#domain/promotions/promotion-schema';
import { ApiError } from '../../api/client';
import { FormDialog } from '../../components/dialog/FormDialog';
import { firstMessageByField, focusFirstInvalid, FormField } from '../../components/form/FormField';
import { LabelledSelect } from '../../components/form/LabelledSelect';
import { toaster } from '../../components/layout/toast-queue';
import { createPromotion, updatePromotion } from './promotions-api';

/** What staff type: numbers and dollars as text, read when the form is sent. */
interface FormValues {
  code: string;
  name: string;
  kind: PromotionKind;
  percent: string;
  /** Dollars. */
  amount: string;
  minBlinds: string;
  /** Dollars. */
  minSubtotal: string;
  families: FamilyId[];
  startsOn: string;
  endsOn: string;
  maxRedemptions: string;
  perCustomerLimit: string;
}

/** The fields staff type into. */
type TypedField = Exclude<keyof FormValues, 'kind' | 'families' | 'startsOn' | 'endsOn'>;

const KIND_OPTIONS = [
  { value: 'percent', label: 'Percent off' },
  { value: 'amount', label: 'Amount off' },
];

/** The fields as the API names them, in the form's order: the first with an error takes focus. */
const FIELD_ORDER = [
  'code',
  'name',
  'kind',
  'percent',
  'amountCents',
  'minBlinds',
  'minSubtotalCents',
  'families',
  'startsOn',
  'endsOn',
  'maxRedemptions',
  'perCustomerLimit',
];

const dollarsOf = (cents: number) => (cents > 0 ? formatCents(cents) : '');
const countOf = (count: number | null) => (count === null ? '' : String(count));

function initialValues(promotion: Promotion | null): FormValues {
  return {
    code: promotion?.code ?? '',
    name: promotion?.name ?? '',
    kind: promotion?.kind ?? 'percent',
    percent: countOf(promotion?.percent ?? null),
    amount: dollarsOf(promotion?.amountCents ?? 0),
    minBlinds: countOf(promotion?.minBlinds ?? 0),
    minSubtotal: dollarsOf(promotion?.minSubtotalCents ?? 0),
    families: promotion?.families ?? [],
    startsOn: promotion?.startsOn ?? shopDateAt(new Date()),
    endsOn: promotion?.endsOn ?? '',
    maxRedemptions: countOf(promotion?.maxRedemptions ?? null),
    perCustomerLimit: countOf(promotion?.perCustomerLimit ?? null),
  };
}

/** A typed whole number; empty is none, and anything else a number the schema refuses with the field's message. */
const typedCount = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/**
 * The request the form's values make, with a message for each dollar field that is not an amount
 * (the schema sees cents, so it cannot say that in dollars).
 */
function requestOf(values: FormValues, code: string | null) {
  const dollarErrors: Record<string, string> = {};
  const cents = (field: string, text: string, label: string) => {
    if (text.trim() === '') return null;
    const parsed = parseDollars(text.trim());
    if (parsed === undefined) dollarErrors[field] = `${label} must be in dollars, like 25.00.`;
    return parsed ?? null;
  };
  const request = {
    code,
    name: values.name,
    kind: values.kind,
    percent: values.kind === 'percent' ? typedCount(values.percent) : null,
    amountCents: values.kind === 'amount' ? cents('amountCents', values.amount, 'Amount') : null,
    minBlinds: typedCount(values.minBlinds) ?? 0,
    minSubtotalCents: cents('minSubtotalCents', values.minSubtotal, 'Minimum subtotal') ?? 0,
    families: values.families,
    startsOn: values.startsOn,
    endsOn: values.endsOn,
    maxRedemptions: typedCount(values.maxRedemptions),
    perCustomerLimit: typedCount(values.perCustomerLimit),
  };
  return { request, dollarErrors };
}

/** Errors keyed by the form's fields: a product's error (`families.2`) is the products' list's. */
function errorsByField(errors: Record<string, string>): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const [name, message] of Object.entries(errors)) byField[name.split('.')[0]!] ??= message;
  return byField;
}

/**
 * Making or changing a promotion: its code (none for an automatic sale; it cannot change later),
 * name, what it takes off, what an order needs, its products, dates and limits. Dollars are typed
 * as dollars and sent as cents; the server's field errors show under their fields.
 */
export function PromotionFormDialog({
  open,
  promotion,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** null: a new promotion. */
  promotion: Promotion | null;
  onClose: () => void;
  onSaved: (promotion: Promotion, created: boolean) => void;
}) {
  const [values, setValues] = useState<FormValues>(() => initialValues(promotion));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement | null>(null);

  useEffect(() => {
    if (!open) return;
    setValues(initialValues(promotion));
    setErrors({});
  }, [open, promotion]);

  const set = (change: Partial<FormValues>) => setValues((current) => ({ ...current, ...change }));
  const toggleFamily = (family: FamilyId, checked: boolean) =>
    setValues((current) => ({
      ...current,
      families: FAMILY_IDS.filter((id) => (id === family ? checked : current.families.includes(id))),
    }));

  function showErrors(found: Record<string, string>) {
    const byField = errorsByField(found);
    setErrors(byField);
    focusFirstInvalid(formRef.current, FIELD_ORDER, byField);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    formRef.current = event.currentTarget;
    const { request, dollarErrors } = requestOf(values, promotion ? promotion.code : values.code);
    const parsed = promotionInputSchema.safeParse(request);
    const found = { ...(parsed.success ? {} : firstMessageByField(parsed.error.issues)), ...dollarErrors };
    if (!parsed.success || Object.keys(dollarErrors).length > 0) return showErrors(found);
    setErrors({});
    setSaving(true);
    try {
      const saved = promotion ? await updatePromotion(promotion.id, parsed.data) : await createPromotion(parsed.data);
      toaster.create({ type: 'success', title: promotion ? 'Promotion saved.' : 'Promotion created.' });
      onSaved(saved, !promotion);
    } catch (error) {
      showErrors(error instanceof ApiError ? error.fieldErrors : {});
      toaster.create({
        type: 'error',
        title: error instanceof ApiError ? error.message : 'The promotion could not be saved. Please try again.',
      });
    } finally {
      setSaving(false);
    }
  }

  const textField = (
    field: TypedField,
    name: string,
    label: string,
    options: { required?: boolean; helperText?: string; inputMode?: 'numeric' | 'decimal' } = {},
  ) => (
    <FormField
      id={`promotion-${name}`}
      name={name}
      label={label}
      required={options.required}
      helperText={options.helperText}
      error={errors[name]}
    >
      {(control) => (
        <Input
          {...control}
          inputMode={options.inputMode}
          autoComplete="off"
          value={values[field]}
          onChange={(event) => set({ [field]: event.target.value })}
        />
      )}
    </FormField>
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={promotion ? 'Edit Promotion' : 'New Promotion'}
      formId="promotion-form"
      saving={saving}
      onSubmit={submit}
    >
      <FormField
        id="promotion-code"
        name="code"
        label="Code"
        error={errors.code}
        helperText={
          promotion
            ? promotion.code
              ? 'A code cannot change once made: customers may hold it.'
              : 'An automatic sale: it has no code, and cannot be given one.'
            : 'What customers type, 3 to 20 letters, digits or hyphens. Leave it empty for an automatic sale, shown to every customer as a banner.'
        }
      >
        {(control) => (
          <Input
            {...control}
            readOnly={promotion !== null}
            autoComplete="off"
            fontFamily="mono"
            value={values.code}
            onChange={(event) => set({ code: event.target.value.toUpperCase() })}
          />
        )}
      </FormField>
      {textField('name', 'name', 'Name', {
        required: true,
        helperText: 'The banner’s and the order’s name of a sale, like Spring sale.',
      })}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <LabelledSelect
          label="Discount"
          required
          field={{ id: 'promotion-kind', name: 'kind', error: errors.kind }}
          value={values.kind}
          options={KIND_OPTIONS}
          onChange={(kind) => set({ kind: kind as PromotionKind })}
        />
        {values.kind === 'percent'
          ? textField('percent', 'percent', 'Percent off', {
              required: true,
              inputMode: 'numeric',
              helperText: `1 to ${PROMOTION_MAX_PERCENT}`,
            })
          : textField('amount', 'amountCents', 'Amount off', {
              required: true,
              inputMode: 'decimal',
              helperText: 'In dollars, like 25.00',
            })}
        {textField('minBlinds', 'minBlinds', 'Minimum blinds', { inputMode: 'numeric', helperText: '0: any order' })}
        {textField('minSubtotal', 'minSubtotalCents', 'Minimum subtotal', {
          inputMode: 'decimal',
          helperText: 'Dollars of blinds; empty: any',
        })}
      </SimpleGrid>
      <chakra.fieldset
        aria-describedby={
          errors.families ? 'promotion-families-error promotion-families-helper' : 'promotion-families-helper'
        }
      >
        <chakra.legend fontWeight="medium" fontSize="sm" mb="2">
          Products
        </chakra.legend>
        <SimpleGrid as="ul" columns={{ base: 1, sm: 2 }} gap="2" p="0" m="0">
          {FAMILY_IDS.map((family) => (
            <chakra.li key={family} listStyleType="none">
              <Checkbox.Root
                colorPalette="brand"
                checked={values.families.includes(family)}
                onCheckedChange={(details) => toggleFamily(family, details.checked === true)}
              >
                <Checkbox.HiddenInput name="families" />
                <Checkbox.Control />
                <Checkbox.Label>{FAMILIES[family].name}</Checkbox.Label>
              </Checkbox.Root>
            </chakra.li>
          ))}
        </SimpleGrid>
        <Text id="promotion-families-helper" color="gray.600" fontSize="sm" mt="2">
          None ticked: every product.
        </Text>
        {errors.families && (
          <Text id="promotion-families-error" role="alert" color="red.700" fontSize="sm" mt="1">
            {errors.families}
          </Text>
        )}
      </chakra.fieldset>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {(['startsOn', 'endsOn'] as const).map((field) => (
          <FormField
            key={field}
            id={`promotion-${field}`}
            name={field}
            label={field === 'startsOn' ? 'Start date' : 'End date'}
            required
            helperText={field === 'startsOn' ? 'The first day it can be used' : 'The last day it can be used'}
            error={errors[field]}
          >
            {(control) => (
              <Input
                {...control}
                type="date"
                value={values[field]}
                onChange={(event) => set({ [field]: event.target.value })}
              />
            )}
          </FormField>
        ))}
        {textField('maxRedemptions', 'maxRedemptions', 'Total redemptions', {
          inputMode: 'numeric',
          helperText: 'Orders in all; empty: no limit',
        })}
        {textField('perCustomerLimit', 'perCustomerLimit', 'Redemptions per customer', {
          inputMode: 'numeric',
          helperText: 'Empty: no limit',
        })}
      </SimpleGrid>
    </FormDialog>
  );
}
