import { Alert, Button, chakra, Heading, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { sampleRequestSchema, US_STATE_CODES } from '#domain/samples/sample';
import { SAMPLE_PAY_BUTTON, SAMPLE_SHIPPING_NOTE } from '#domain/samples/messages';
import { submitSampleRequest } from '../../api/samples';
import { FormField, firstMessageByField, focusFirstInvalid } from '../../components/form/FormField';

/** The form's fields in page order: the first invalid one takes focus. */
const FIELD_ORDER = ['name', 'email', 'phone', 'address1', 'address2', 'city', 'state', 'zipCode'] as const;
type FieldName = (typeof FIELD_ORDER)[number];

const EMPTY: Record<FieldName, string> = {
  name: '',
  email: '',
  phone: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zipCode: '',
};

interface SampleRequestFormProps {
  sampleCount: number;
  /** The request is stored: the shopper goes on to pay its sample shipping. */
  onPayment: (checkoutUrl: string) => void;
  onCancel: () => void;
}

/** Where to send the samples; validated by the same schema as the API. */
export function SampleRequestForm({ sampleCount, onPayment, onCancel }: SampleRequestFormProps) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<'editing' | 'sending'>('editing');
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => headingRef.current?.focus(), []);

  const update = (field: FieldName) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  function showErrors(fieldErrors: Record<string, string>) {
    setErrors(fieldErrors);
    focusFirstInvalid(formRef.current, FIELD_ORDER, fieldErrors);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const parsed = sampleRequestSchema.safeParse(values);
    if (!parsed.success) return showErrors(firstMessageByField(parsed.error.issues));
    setErrors({});
    setStatus('sending');
    const result = await submitSampleRequest(parsed.data);
    if (result.kind === 'payment') return onPayment(result.checkoutUrl);
    setStatus('editing');
    if (result.kind === 'invalid') showErrors(result.fieldErrors);
    else setFailure(result.kind === 'refused' ? result.message : 'Something went wrong. Please try again.');
  }

  const text = (
    field: FieldName,
    label: string,
    props: { required?: boolean; type?: string; autoComplete: string },
  ) => (
    <FormField
      id={`sample-request-${field}`}
      name={field}
      label={label}
      required={props.required}
      error={errors[field]}
    >
      {(control) => (
        <Input
          {...control}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          value={values[field]}
          onChange={update(field)}
        />
      )}
    </FormField>
  );

  return (
    <chakra.form
      ref={formRef}
      onSubmit={handleSubmit}
      noValidate
      mt="4"
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      p={{ base: '4', md: '6' }}
      aria-labelledby="sample-request-heading"
    >
      <Heading as="h3" id="sample-request-heading" ref={headingRef} tabIndex={-1} size="md" color="brand.800">
        Where should we send your {sampleCount === 1 ? 'sample' : `${sampleCount} samples`}?
      </Heading>
      <Text mt="1" mb="4" fontSize="sm" color="gray.700">
        {SAMPLE_SHIPPING_NOTE}.
      </Text>
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {text('name', 'Name', { required: true, autoComplete: 'name' })}
          {text('email', 'Email', { required: true, type: 'email', autoComplete: 'email' })}
        </SimpleGrid>
        {text('phone', 'Phone (optional)', { type: 'tel', autoComplete: 'tel' })}
        {text('address1', 'Street address', { required: true, autoComplete: 'address-line1' })}
        {text('address2', 'Apartment, suite, unit (optional)', { autoComplete: 'address-line2' })}
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {text('city', 'City', { required: true, autoComplete: 'address-level2' })}
          <FormField id="sample-request-state" name="state" label="State" required error={errors.state}>
            {(control) => (
              <NativeSelect.Root>
                <NativeSelect.Field
                  {...control}
                  autoComplete="address-level1"
                  value={values.state}
                  onChange={update('state')}
                >
                  <option value="">Choose a state</option>
                  {US_STATE_CODES.map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
          </FormField>
          {text('zipCode', 'ZIP code', { required: true, autoComplete: 'postal-code' })}
        </SimpleGrid>
        {failure && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button type="submit" colorPalette="brand" loading={status === 'sending'} loadingText="Opening payment...">
            {SAMPLE_PAY_BUTTON}
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={status === 'sending'}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </chakra.form>
  );
}
