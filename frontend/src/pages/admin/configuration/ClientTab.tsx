import { Button, Flex, Input, RadioGroup, SimpleGrid, Text } from '@chakra-ui/react';
import type { AccountType } from '#domain/accounts/client';
import { FormField } from '../../../components/form/FormField';
import { LabelledSelect } from '../../../components/form/LabelledSelect';
import { ClientChooser } from './ClientChooser';
import { CLIENT_ACCOUNT_TYPES } from './configuration-form';
import { ConfigurationText, SwitchField } from './ConfigurationParts';
import type { ConfigurationForm } from './useConfigurationForm';

/** The new client's fields: who they are, their account type and the password they sign in with. */
function NewClientFields({ config }: { config: ConfigurationForm }) {
  const { idPrefix, form, client, setClientField } = config;
  const clientText = (field: 'firstName' | 'lastName' | 'email' | 'phone', label: string) => (
    <FormField id={`${idPrefix}-${field}`} name={field} label={label} error={form.errors[field]}>
      {(control) => (
        <Input
          {...control}
          type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
          autoComplete="off"
          value={client[field]}
          onChange={(event) => setClientField(field, event.target.value)}
        />
      )}
    </FormField>
  );
  return (
    <>
      {form.errors.clientId && (
        <Text role="alert" color="red.700" fontSize="sm">
          {form.errors.clientId}
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {clientText('firstName', 'First name')}
        {clientText('lastName', 'Last name')}
        {clientText('email', 'Email')}
        {clientText('phone', 'Phone')}
      </SimpleGrid>
      <LabelledSelect
        label="Account type"
        field={{ id: `${idPrefix}-accountType`, name: 'accountType', error: form.errors.accountType }}
        value={client.accountType}
        onChange={(value) => setClientField('accountType', value as AccountType)}
        options={CLIENT_ACCOUNT_TYPES.map((type) => ({
          value: type,
          label: type.charAt(0).toUpperCase() + type.slice(1),
        }))}
      />
      <FormField
        id={`${idPrefix}-password`}
        name="password"
        label="Client password"
        error={form.errors.password}
        helperText="The client signs in with it."
      >
        {(control) => (
          <Flex gap="2" wrap="wrap">
            <Input
              {...control}
              flex="1"
              minW="48"
              autoComplete="new-password"
              fontFamily="mono"
              value={client.password}
              onChange={(event) => setClientField('password', event.target.value)}
            />
            <Button variant="outline" colorPalette="brand" onClick={config.fillGeneratedPassword}>
              Generate Secure Password
            </Button>
          </Flex>
        )}
      </FormField>
    </>
  );
}

/** The Client tab: an existing client or a new one, the property, its account number and identity, and whether it is active. */
export function ClientTab({ config }: { config: ConfigurationForm }) {
  const { form } = config;
  return (
    <>
      <RadioGroup.Root
        colorPalette="brand"
        value={config.clientMode}
        onValueChange={(details) => config.setClientMode(details.value as 'existing' | 'new')}
        aria-label="Client"
      >
        <Flex gap="6" wrap="wrap">
          <RadioGroup.Item value="existing">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>Choose an existing client</RadioGroup.ItemText>
          </RadioGroup.Item>
          <RadioGroup.Item value="new">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>Create a new client</RadioGroup.ItemText>
          </RadioGroup.Item>
        </Flex>
      </RadioGroup.Root>
      {config.clientMode === 'existing' ? (
        <ClientChooser
          idPrefix={config.idPrefix}
          clientId={form.values.clientId}
          error={form.errors.clientId}
          onChange={(clientId) => form.set('clientId', clientId)}
        />
      ) : (
        <NewClientFields config={config} />
      )}
      <ConfigurationText config={config} field="propertyName" label="Property name" required />
      <ConfigurationText
        config={config}
        field="accountNumber"
        label="Property account number"
        required
        helperText="Unique to this property."
      />
      <ConfigurationText
        config={config}
        field="identity"
        label="Identity"
        required
        helperText="The buyer's From credential; unique."
      />
      <SwitchField
        name="active"
        label="Active Configuration"
        checked={form.values.active}
        onChange={(checked) => form.set('active', checked)}
      />
    </>
  );
}
