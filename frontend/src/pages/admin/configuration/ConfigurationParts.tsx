import { Alert, Badge, Box, Button, Flex, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { CONFIGURATION_TOASTS, type ConfigurationView } from '#domain/punchout/configuration';
import type { ConfigurationTestAnswer } from '#domain/punchout/monitor';
import { FormField } from '../../../components/form/FormField';
import { toaster } from '../../../components/layout/toast-queue';
import { staffDateTimeFormat } from '../RecordDetail';
import type { ConfigurationTextField } from './configuration-form';
import type { ConfigurationForm } from './useConfigurationForm';

export function SwitchField({
  label,
  checked,
  onChange,
  name,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  name: string;
}) {
  return (
    <Switch.Root colorPalette="brand" checked={checked} onCheckedChange={(details) => onChange(details.checked)}>
      <Switch.HiddenInput name={name} />
      <Switch.Control />
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
  );
}

/** One of the configuration's text fields, named as the API names it. */
export function ConfigurationText({
  config: { idPrefix, form },
  field,
  label,
  required,
  url,
  helperText,
}: {
  config: ConfigurationForm;
  field: ConfigurationTextField;
  label: string;
  required?: boolean;
  url?: boolean;
  helperText?: string;
}) {
  return (
    <FormField
      id={`${idPrefix}-${field}`}
      name={field}
      label={label}
      error={form.errors[field]}
      required={required}
      helperText={helperText}
    >
      {(control) => (
        <Input
          {...control}
          type={url ? 'url' : 'text'}
          inputMode={url ? 'url' : undefined}
          value={form.values[field]}
          onChange={(event) => form.set(field, event.target.value)}
        />
      )}
    </FormField>
  );
}

export function TestResult({ result }: { result: ConfigurationTestAnswer }) {
  return (
    <Box
      as="section"
      aria-labelledby="configuration-test-heading"
      borderWidth="1px"
      borderColor={result.ok ? 'green.300' : 'red.300'}
      rounded="md"
      p="3"
    >
      <Text id="configuration-test-heading" fontWeight="semibold">
        {result.ok ? CONFIGURATION_TOASTS.testSucceeded : CONFIGURATION_TOASTS.testFailed}
      </Text>
      <Stack as="ol" gap="2" mt="2" p="0">
        {result.steps.map((step) => (
          <Box as="li" key={step.name} listStyleType="none">
            <Flex gap="2" align="center" wrap="wrap">
              <Badge colorPalette={step.ok ? 'green' : 'red'}>{step.ok ? 'ok' : 'failed'}</Badge>
              <Text fontWeight="medium">{step.name}</Text>
            </Flex>
            {step.detail && (
              <Text fontSize="sm" color="gray.700" overflowWrap="anywhere">
                {step.detail}
              </Text>
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

/** A shared secret a save or rotation just set: shown this once, with a copy button (the server never answers it again). */
export function NewSecret({ secret }: { secret: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      toaster.create({ type: 'success', title: 'Shared secret copied.' });
    } catch {
      toaster.create({ type: 'error', title: 'The secret could not be copied: select it and copy it by hand.' });
    }
  }
  return (
    <Alert.Root status="warning" mb="4">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>New shared secret: you will not see it again.</Alert.Title>
        <Alert.Description>
          Copy it into the buyer's procurement system now. If it is lost, rotate it.
        </Alert.Description>
        <Flex gap="2" direction={{ base: 'column', sm: 'row' }}>
          <Input
            readOnly
            aria-label="New shared secret"
            value={secret}
            fontFamily="mono"
            fontSize="sm"
            bg="white"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="outline" colorPalette="brand" onClick={copy}>
            Copy
          </Button>
        </Flex>
      </Alert.Content>
    </Alert.Root>
  );
}

/** Where a saved configuration's secret stands: set since when, the previous one's overlap, or the warning of its credentials. */
export function SecretStatus({ saved }: { saved: ConfigurationView }) {
  const previousUntil =
    saved.previousSharedSecretValidUntil && Date.parse(saved.previousSharedSecretValidUntil) > Date.now()
      ? saved.previousSharedSecretValidUntil
      : null;
  return (
    <Stack gap="1" fontSize="sm">
      {saved.hasSharedSecret && saved.sharedSecretSetAt && (
        <Text>A shared secret is set (since {staffDateTimeFormat.format(new Date(saved.sharedSecretSetAt))}).</Text>
      )}
      {previousUntil && (
        <Text>The previous secret still works until {staffDateTimeFormat.format(new Date(previousUntil))}.</Text>
      )}
    </Stack>
  );
}
