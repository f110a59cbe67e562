import {
  Alert,
  Box,
  Button,
  chakra,
  HStack,
  Input,
  RadioGroup,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BUSINESS } from '../../../business';
import { contactMessageSchema } from '#domain/contact';
import { toaster } from '../../../components/layout/toast-queue';
import { FormField, firstMessageByField, focusFirstInvalid } from '../../../components/form/FormField';
import { submitContactMessage } from '../api';

/** The form's fields in page order: the first invalid one takes focus. */
const FIELD_ORDER = ['name', 'email', 'phone', 'orderNumber', 'subject', 'message'] as const;
type TextField = (typeof FIELD_ORDER)[number];

const FAILURE_MESSAGE = 'Something went wrong. Please try again.';

/** The contact page's message form, and its thanks once sent. */
export function ContactForm() {
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState<Record<TextField, string>>(() => ({
    name: '',
    email: '',
    phone: '',
    orderNumber: searchParams.get('orderNumber') ?? '',
    subject: searchParams.get('subject') ?? '',
    message: '',
  }));
  // The Returns page's Contact links here with the order it found.
  const [hasExistingOrder, setHasExistingOrder] = useState(() => searchParams.has('orderNumber'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<'editing' | 'sending' | 'failed'>('editing');
  const [failure, setFailure] = useState(FAILURE_MESSAGE);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const update = (field: TextField) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = contactMessageSchema.safeParse({
      ...values,
      hasExistingOrder,
      orderNumber: hasExistingOrder ? values.orderNumber : '',
    });
    if (!parsed.success) {
      const fieldErrors = firstMessageByField(parsed.error.issues);
      setErrors(fieldErrors);
      focusFirstInvalid(formRef.current, FIELD_ORDER, fieldErrors);
      return;
    }
    setErrors({});
    setStatus('sending');
    const result = await submitContactMessage(parsed.data);
    if (result.kind === 'sent') {
      setSentTo(parsed.data.name);
      toaster.create({
        type: 'success',
        title: 'Message sent',
        description: `We reply within ${BUSINESS.emailReplyPromiseHours} hours.`,
      });
      return;
    }
    if (result.kind === 'invalid') {
      setErrors(result.fieldErrors);
      setStatus('editing');
      focusFirstInvalid(formRef.current, FIELD_ORDER, result.fieldErrors);
      return;
    }
    setFailure(result.kind === 'refused' ? result.message : FAILURE_MESSAGE);
    setStatus('failed');
  }

  return sentTo !== null ? (
    <Alert.Root status="success" maxW="2xl" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          Thanks, {sentTo}! We reply within {BUSINESS.emailReplyPromiseHours} hours.
        </Alert.Title>
        <Alert.Description>
          Your message reached our team. Need us sooner? Call {BUSINESS.phoneDisplay}.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  ) : (
    <chakra.form
      ref={formRef}
      onSubmit={handleSubmit}
      noValidate
      maxW="2xl"
      bg="white"
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: 4, md: 6 }}
    >
      <Stack gap={5}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={5}>
          <FormField id="contact-name" name="name" label="Name" required error={errors.name}>
            {(control) => <Input {...control} autoComplete="name" value={values.name} onChange={update('name')} />}
          </FormField>
          <FormField id="contact-email" name="email" label="Email" required error={errors.email}>
            {(control) => (
              <Input {...control} type="email" autoComplete="email" value={values.email} onChange={update('email')} />
            )}
          </FormField>
        </SimpleGrid>
        <FormField id="contact-phone" name="phone" label="Phone (optional)" error={errors.phone}>
          {(control) => (
            <Input {...control} type="tel" autoComplete="tel" value={values.phone} onChange={update('phone')} />
          )}
        </FormField>
        <RadioGroup.Root
          name="hasExistingOrder"
          value={hasExistingOrder ? 'yes' : 'no'}
          onValueChange={(details) => setHasExistingOrder(details.value === 'yes')}
          colorPalette="brand"
        >
          <RadioGroup.Label fontWeight="medium">Is this about an existing order?</RadioGroup.Label>
          <HStack gap={6} mt={2}>
            {(['no', 'yes'] as const).map((choice) => (
              <RadioGroup.Item key={choice} value={choice}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{choice === 'yes' ? 'Yes' : 'No'}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </HStack>
        </RadioGroup.Root>
        {hasExistingOrder && (
          <FormField
            id="contact-order-number"
            name="orderNumber"
            label="Order number"
            required
            error={errors.orderNumber}
          >
            {(control) => <Input {...control} value={values.orderNumber} onChange={update('orderNumber')} />}
          </FormField>
        )}
        <FormField id="contact-subject" name="subject" label="Subject" required error={errors.subject}>
          {(control) => <Input {...control} value={values.subject} onChange={update('subject')} />}
        </FormField>
        <FormField id="contact-message" name="message" label="Message" required error={errors.message}>
          {(control) => <Textarea {...control} rows={6} value={values.message} onChange={update('message')} />}
        </FormField>
        {status === 'failed' && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <Box>
          <Button type="submit" colorPalette="brand" loading={status === 'sending'} loadingText="Sending...">
            Send Message
          </Button>
        </Box>
        <Text fontSize="sm" color="gray.600">
          We use your details only to answer your message.
        </Text>
      </Stack>
    </chakra.form>
  );
}
