import { Alert, Button, chakra, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { AuthPageFrame } from '../../components/layout/AuthPageFrame';
import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import {
  DUPLICATE_EMAIL_MESSAGE,
  PASSWORD_RULES_TEXT,
  registrationSchema,
  type RegistrationForm,
} from '#domain/accounts/registration';
import { ApiError, apiRequest } from '../../api/client';
import { SiteDialog } from '../../components/dialog/SiteDialog';
import { toaster } from '../../components/layout/toast-queue';
import { FormField, firstMessageByField, focusFirstInvalid } from '../../components/form/FormField';

const FIELD_ORDER = ['firstName', 'lastName', 'email', 'phone', 'password', 'confirmPassword'] as const;

const FIELDS: Array<{
  name: (typeof FIELD_ORDER)[number];
  label: string;
  type: string;
  autoComplete: string;
  helperText?: string;
}> = [
  { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  {
    name: 'password',
    label: 'Password',
    type: 'password',
    autoComplete: 'new-password',
    helperText: PASSWORD_RULES_TEXT,
  },
  { name: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
];

const EMPTY: RegistrationForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
};

export default function AccountCreationPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<RegistrationForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  function showFieldErrors(fieldErrors: Record<string, string>) {
    setErrors(fieldErrors);
    focusFirstInvalid(formRef.current, FIELD_ORDER, fieldErrors);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = registrationSchema.safeParse(values);
    if (!parsed.success) return showFieldErrors(firstMessageByField(parsed.error.issues));
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await apiRequest<{ clientId: string }>('/registrations', {
        method: 'POST',
        body: parsed.data,
        timeoutMs: 20_000,
      });
      toaster.create({ type: 'success', title: 'Account created successfully!' });
      setCreated(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setFailure(DUPLICATE_EMAIL_MESSAGE);
        toaster.create({ type: 'error', title: 'Account already exists with this email address' });
      } else if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        showFieldErrors(error.fieldErrors);
      } else {
        setFailure(error instanceof ApiError ? error.message : 'An unexpected error occurred. Please try again.');
      }
    } finally {
      setBusy(false);
    }
  }

  const goToLogin = () => navigate('/login');

  return (
    <AuthPageFrame
      title="Create Account"
      intro="Save configurations, keep your properties and track your orders."
      width="xl"
    >
      <chakra.form
        ref={formRef}
        onSubmit={handleSubmit}
        noValidate
        bg="white"
        borderWidth="1px"
        borderRadius="lg"
        p={{ base: 4, md: 6 }}
      >
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            {FIELDS.map((field) => (
              <FormField
                key={field.name}
                id={`register-${field.name}`}
                name={field.name}
                label={field.label}
                required
                error={errors[field.name]}
                helperText={field.helperText}
              >
                {(control) => (
                  <Input
                    {...control}
                    type={field.type}
                    autoComplete={field.autoComplete}
                    value={values[field.name]}
                    onChange={(event) => setValues((current) => ({ ...current, [field.name]: event.target.value }))}
                  />
                )}
              </FormField>
            ))}
          </SimpleGrid>
          {failure && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
          <Button type="submit" colorPalette="brand" loading={busy} loadingText="Creating Account...">
            Create Account
          </Button>
        </Stack>
      </chakra.form>
      <Text mt="6" textAlign="center" color="gray.700">
        Already have an account?{' '}
        <Link asChild color="brand.700" fontWeight="medium">
          <RouterLink to="/login">Sign in</RouterLink>
        </Link>
      </Text>

      <SiteDialog
        role="alertdialog"
        closeButton={false}
        open={created}
        onClose={goToLogin}
        title="Account Created Successfully"
        footer={
          <Button colorPalette="brand" onClick={goToLogin}>
            Go to Login
          </Button>
        }
      >
        <Text>
          We sent a confirmation link to {values.email.trim()}. Please confirm your email address, then sign in.
        </Text>
      </SiteDialog>
    </AuthPageFrame>
  );
}
