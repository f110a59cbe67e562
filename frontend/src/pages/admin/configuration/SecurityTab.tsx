import { Alert, Button, IconButton, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import {
  BUYER_SYSTEMS_SENDING_A_SECRET,
  CREDENTIAL_WARNINGS,
  GENERATED_SHARED_SECRET_LENGTH,
  PREVIOUS_SECRET_OVERLAP_DAYS,
  SHARED_SECRET_MIN_LENGTH,
  type ConfigurationView,
} from '#domain/punchout/configuration';
import { FormField } from '../../../components/form/FormField';
import { EyeIcon, EyeOffIcon } from '../../../components/icons';
import { ConfigurationText, SecretStatus, SwitchField } from './ConfigurationParts';
import type { ConfigurationForm } from './useConfigurationForm';

/** A saved configuration's secret: its credential warning, where it stands, and Rotate Secret. */
function SavedSecret({ config, saved }: { config: ConfigurationForm; saved: ConfigurationView }) {
  return (
    <Stack gap="3">
      {saved.credentialWarning && !saved.acceptsDocumentsWithoutSecret && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{saved.credentialWarning}</Alert.Title>
        </Alert.Root>
      )}
      <SecretStatus saved={saved} />
      {saved.hasSharedSecret && (
        <Button
          alignSelf="start"
          variant="outline"
          colorPalette="brand"
          onClick={config.rotate}
          loading={config.rotating}
          loadingText="Rotating..."
        >
          Rotate Secret
        </Button>
      )}
      <Text fontSize="sm" color="gray.700">
        {saved.hasSharedSecret
          ? `Rotating gives the configuration a new secret, shown once; the current one keeps working for ${PREVIOUS_SECRET_OVERLAP_DAYS} days, while the buyer's system is changed.`
          : 'Saving the configuration generates its shared secret, shown once.'}
      </Text>
    </Stack>
  );
}

/** A new configuration's secret: typed (the buyer's own), or left empty to be generated; hidden unless shown. */
function SecretInput({ config }: { config: ConfigurationForm }) {
  const [showSecret, setShowSecret] = useState(false);
  return (
    <FormField
      id={`${config.idPrefix}-sharedSecret`}
      name="sharedSecret"
      label="Shared secret"
      error={config.form.errors.sharedSecret}
      helperText={`Leave empty to generate a ${GENERATED_SHARED_SECRET_LENGTH}-character secret when you save (recommended), or type the buyer's own: at least ${SHARED_SECRET_MIN_LENGTH} characters. It is shown once, after saving.`}
    >
      {(control) => (
        <InputGroup
          endElement={
            <IconButton
              size="xs"
              variant="ghost"
              aria-label={showSecret ? 'Hide shared secret' : 'Show shared secret'}
              aria-pressed={showSecret}
              onClick={() => setShowSecret((shown) => !shown)}
            >
              {showSecret ? <EyeOffIcon /> : <EyeIcon />}
            </IconButton>
          }
        >
          <Input
            {...control}
            type={showSecret ? 'text' : 'password'}
            autoComplete="off"
            value={config.typedSecret}
            onChange={(event) => config.setTypedSecret(event.target.value)}
          />
        </InputGroup>
      )}
    </FormField>
  );
}

/** The Security tab: the shared secret (or staff's consent to go without), and the buyer's other credentials. */
export function SecurityTab({ config }: { config: ConfigurationForm }) {
  const { form, saved } = config;
  return (
    <>
      {!BUYER_SYSTEMS_SENDING_A_SECRET.includes(form.values.buyerSystem) && (
        <SwitchField
          name="acceptsDocumentsWithoutSecret"
          label="Accept documents without a shared secret"
          checked={form.values.acceptsDocumentsWithoutSecret}
          onChange={(checked) => form.set('acceptsDocumentsWithoutSecret', checked)}
        />
      )}
      {form.errors.acceptsDocumentsWithoutSecret && (
        <Text role="alert" color="red.700" fontSize="sm">
          {form.errors.acceptsDocumentsWithoutSecret}
        </Text>
      )}
      {form.values.acceptsDocumentsWithoutSecret ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{CREDENTIAL_WARNINGS.withoutSecret}</Alert.Title>
            <Alert.Description>Only for a buyer system that cannot send a shared secret.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : config.savedId && saved ? (
        <SavedSecret config={config} saved={saved} />
      ) : (
        <SecretInput config={config} />
      )}
      <ConfigurationText config={config} field="dunsNumber" label="DUNS number" />
      <ConfigurationText config={config} field="networkId" label="Network ID" />
      <ConfigurationText config={config} field="senderIdentity" label="Sender identity" />
    </>
  );
}
