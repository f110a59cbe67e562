import {
  Alert,
  Badge,
  Box,
  Button,
  chakra,
  Flex,
  IconButton,
  Input,
  InputGroup,
  NativeSelect,
  RadioGroup,
  SimpleGrid,
  Spinner,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ACCOUNT_TYPES, type AccountType } from '#domain/accounts/client';
import type { ClientSummary } from '#domain/accounts/customer-directory';
import { ApiError } from '../../api/client';
import { SiteDialog } from '../../components/dialog/SiteDialog';
import { FormField, firstMessageByField } from '../../components/form/FormField';
import { toaster } from '../../components/layout/toast-queue';
import { fetchClientsPage } from './admin-api';
import {
  BUYER_SYSTEMS,
  BUYER_SYSTEMS_SENDING_A_SECRET,
  CONFIGURATION_TOASTS,
  configurationInputSchema,
  CREDENTIAL_WARNINGS,
  DEFAULT_CLIENT_ACCOUNT_TYPE,
  GENERATED_SHARED_SECRET_LENGTH,
  generatePassword,
  newConfigurationSchema,
  PREVIOUS_SECRET_OVERLAP_DAYS,
  PRICING_RULES_EXAMPLE,
  punchoutClientSchema,
  RETURN_FIELDS,
  SHARED_SECRET_MIN_LENGTH,
  urlRulesForSite,
  type BuyerSystem,
  type ConfigurationFormInput,
  type ConfigurationView,
  type ReturnField,
  type SavedConfiguration,
} from '#domain/punchout/configuration';
import type { ConfigurationTestAnswer } from '#domain/punchout/monitor';
import {
  createPunchoutClient,
  fetchConfiguration,
  rotateSecret,
  saveConfiguration,
  testConfiguration,
} from './punchout-api';
import { staffDateTimeFormat } from './RecordDetail';

type FormTab = 'client' | 'security' | 'advanced';

const EMPTY_CONFIGURATION = {
  clientId: '',
  propertyName: '',
  accountNumber: '',
  identity: '',
  active: true,
  acceptsDocumentsWithoutSecret: false,
  dunsNumber: '',
  networkId: '',
  senderIdentity: '',
  buyerSystem: 'RealPage' as BuyerSystem,
  catalogUrl: '',
  punchoutUrl: '',
  invoiceUrl: '',
  returnField: 'cxml-urlencoded' as ReturnField,
  attributeLines: true,
  allowBackorders: false,
  defaultAvailability: true,
  pricingRules: '',
};
type ConfigurationValues = typeof EMPTY_CONFIGURATION;

const EMPTY_CLIENT = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  accountType: DEFAULT_CLIENT_ACCOUNT_TYPE as AccountType,
  password: '',
};
type ClientValues = typeof EMPTY_CLIENT;

/** A client made here buys through a procurement system: never a staff account. */
const CLIENT_ACCOUNT_TYPES = ACCOUNT_TYPES.filter((type) => type !== 'admin');

/** Which tab holds each field, so that a refused save opens the tab of its first message. */
const FIELD_TABS: Record<string, FormTab> = {
  clientId: 'client',
  firstName: 'client',
  lastName: 'client',
  email: 'client',
  phone: 'client',
  accountType: 'client',
  password: 'client',
  accountNumber: 'client',
  propertyName: 'client',
  identity: 'client',
  sharedSecret: 'security',
  acceptsDocumentsWithoutSecret: 'security',
  dunsNumber: 'security',
  networkId: 'security',
  senderIdentity: 'security',
  buyerSystem: 'advanced',
  catalogUrl: 'advanced',
  punchoutUrl: 'advanced',
  invoiceUrl: 'advanced',
  returnField: 'advanced',
  pricingRules: 'advanced',
};
/** The fields in page order: the spec's save messages come in this order (client, account number, property name, identity). */
const FIELD_ORDER = Object.keys(FIELD_TABS);

function valuesOf(configuration: ConfigurationView): ConfigurationValues {
  const text = (value: string | null) => value ?? '';
  return {
    ...configuration,
    dunsNumber: text(configuration.dunsNumber),
    networkId: text(configuration.networkId),
    senderIdentity: text(configuration.senderIdentity),
    catalogUrl: text(configuration.catalogUrl),
    punchoutUrl: text(configuration.punchoutUrl),
    invoiceUrl: text(configuration.invoiceUrl),
    pricingRules: Object.keys(configuration.pricingRules).length
      ? JSON.stringify(configuration.pricingRules, null, 2)
      : '',
  };
}

/** The server's rule for the site it serves (plain http on this machine only); the browser was served from that site. */
const urlRules = urlRulesForSite(window.location.origin);

function clientLabel(client: ClientSummary): string {
  return `${client.firstName} ${client.lastName} (${client.email})`;
}

/** The admin clients directory, a page at a time, searched in what is loaded. */
function ClientChooser({
  idPrefix,
  clientId,
  error,
  onChange,
}: {
  idPrefix: string;
  clientId: string;
  error?: string;
  onChange: (clientId: string) => void;
}) {
  const [clients, setClients] = useState<ClientSummary[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const [search, setSearch] = useState('');
  const load = useCallback((cursor: string | null) => {
    setState('loading');
    fetchClientsPage(cursor).then(
      (page) => {
        setClients((current) => (cursor ? [...current, ...page.clients] : page.clients));
        setNextCursor(page.nextCursor);
        setState('loaded');
      },
      () => {
        setState('failed');
        toaster.create({ type: 'error', title: CONFIGURATION_TOASTS.loadClientsFailed });
      },
    );
  }, []);
  useEffect(() => load(null), [load]);
  const words = search.trim().toLowerCase();
  const matching = clients.filter(
    (client) => !words || clientLabel(client).toLowerCase().includes(words) || client.id === clientId,
  );
  const chosenIsListed = !clientId || clients.some((client) => client.id === clientId);
  return (
    <Stack gap="3">
      <FormField
        id={`${idPrefix}-client-search`}
        name="clientSearch"
        label="Search clients"
        helperText="By name or e-mail among the clients loaded."
      >
        {(control) => (
          <Input {...control} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        )}
      </FormField>
      <FormField id={`${idPrefix}-clientId`} name="clientId" label="Client" required error={error}>
        {(control) => (
          <NativeSelect.Root disabled={state === 'loading' && clients.length === 0}>
            <NativeSelect.Field {...control} value={clientId} onChange={(event) => onChange(event.target.value)}>
              <option value="">Select a client</option>
              {!chosenIsListed && <option value={clientId}>Client {clientId}</option>}
              {matching.map((client) => (
                <option key={client.id} value={client.id}>
                  {clientLabel(client)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        )}
      </FormField>
      <Flex gap="3" align="center" wrap="wrap" minH="8">
        {state === 'loading' && (
          <Flex role="status" align="center" gap="2">
            <Spinner size="xs" color="brand.600" />
            <Text fontSize="sm">Loading clients…</Text>
          </Flex>
        )}
        {state === 'failed' && (
          <>
            <Text role="alert" fontSize="sm" color="red.700">
              {CONFIGURATION_TOASTS.loadClientsFailed}
            </Text>
            <Button size="xs" variant="outline" onClick={() => load(clients.length ? nextCursor : null)}>
              Retry
            </Button>
          </>
        )}
        {state === 'loaded' && nextCursor && (
          <Button size="xs" variant="outline" colorPalette="brand" onClick={() => load(nextCursor)}>
            Load more clients
          </Button>
        )}
      </Flex>
    </Stack>
  );
}

function SwitchField({
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

function TestResult({ result }: { result: ConfigurationTestAnswer }) {
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

function reasonOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Unknown error';
}

/** A shared secret a save or rotation just set: shown this once, with a copy button (the server never answers it again). */
function NewSecret({ secret }: { secret: string }) {
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
function SecretStatus({ saved }: { saved: ConfigurationView }) {
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

/**
 * New Configuration (configId null) or Edit Configuration: the spec's Client, Security and Advanced
 * tabs; Cancel, Test Configuration (of the saved configuration) and Save Configuration.
 */
export function ConfigurationFormDialog({
  configId,
  onClose,
  onSaved,
}: {
  configId: string | null;
  onClose: () => void;
  onSaved: (configId: string) => void;
}) {
  const [savedId, setSavedId] = useState(configId);
  const [loading, setLoading] = useState(configId !== null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [values, setValues] = useState<ConfigurationValues>(EMPTY_CONFIGURATION);
  const [clientMode, setClientMode] = useState<'existing' | 'new'>(configId ? 'existing' : 'new');
  const [client, setClient] = useState<ClientValues>(EMPTY_CLIENT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tab, setTab] = useState<FormTab>('client');
  const [showSecret, setShowSecret] = useState(false);
  /** A secret typed for a new configuration (the buyer's own); empty: one is generated. */
  const [typedSecret, setTypedSecret] = useState('');
  /** The configuration as last loaded or saved: its secret's state and credential warning. */
  const [saved, setSaved] = useState<ConfigurationView | null>(null);
  /** The secret the last save or rotation set, shown until the form closes. */
  const [newSecret, setNewSecret] = useState<string | null>(null);
  const [rotating, setRotating] = useState(false);
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [testResult, setTestResult] = useState<ConfigurationTestAnswer | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [focusField, setFocusField] = useState<string | null>(null);
  const idPrefix = configId ? `configuration-${configId}` : 'configuration-new';

  useEffect(() => {
    if (!configId) return;
    fetchConfiguration(configId).then(
      (configuration) => {
        setValues(valuesOf(configuration));
        setSaved(configuration);
        setLoading(false);
      },
      () => {
        setLoadFailed(true);
        setLoading(false);
      },
    );
  }, [configId]);

  // The first invalid field may be on another tab: it is focused once that tab shows.
  useEffect(() => {
    if (!focusField) return;
    formRef.current?.querySelector<HTMLElement>(`[name="${focusField}"]`)?.focus();
    setFocusField(null);
  }, [focusField, tab]);

  const set = <K extends keyof ConfigurationValues>(field: K, value: ConfigurationValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  /** A buyer system that sends a secret cannot go without one: choosing it takes staff's consent back. */
  const chooseBuyerSystem = (buyerSystem: BuyerSystem) =>
    setValues((current) => ({
      ...current,
      buyerSystem,
      acceptsDocumentsWithoutSecret:
        current.acceptsDocumentsWithoutSecret && !BUYER_SYSTEMS_SENDING_A_SECRET.includes(buyerSystem),
    }));
  const setClientField = <K extends keyof ClientValues>(field: K, value: ClientValues[K]) =>
    setClient((current) => ({ ...current, [field]: value }));

  function showErrors(found: Record<string, string>) {
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (!first) return;
    setTab(FIELD_TABS[first]!);
    setFocusField(first);
  }

  function fillGeneratedPassword() {
    setClientField('password', generatePassword());
    toaster.create({ type: 'success', title: CONFIGURATION_TOASTS.passwordGenerated });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The spec creates the client first when its first name, last name and e-mail are all filled.
    const createsClient =
      clientMode === 'new' && [client.firstName, client.lastName, client.email].every((value) => value.trim() !== '');
    const input: ConfigurationFormInput = {
      ...values,
      clientId: clientMode === 'existing' ? values.clientId : '',
      ...(savedId ? {} : { sharedSecret: values.acceptsDocumentsWithoutSecret ? '' : typedSecret }),
    };
    const parsed = (savedId ? configurationInputSchema(urlRules) : newConfigurationSchema(urlRules)).safeParse(input);
    const found = parsed.success ? {} : firstMessageByField(parsed.error.issues);
    if (createsClient) {
      delete found.clientId;
      const parsedClient = punchoutClientSchema.safeParse(client);
      if (!parsedClient.success) Object.assign(found, firstMessageByField(parsedClient.error.issues));
    }
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      let clientId = input.clientId;
      if (createsClient) {
        try {
          ({ clientId } = await createPunchoutClient(client));
        } catch (failure) {
          if (failure instanceof ApiError) showErrors(failure.fieldErrors);
          toaster.create({ type: 'error', title: CONFIGURATION_TOASTS.clientSaveFailed(reasonOf(failure)) });
          return;
        }
        setClientMode('existing');
        setClient(EMPTY_CLIENT);
        set('clientId', clientId);
      }
      await persist({ ...input, clientId });
    } finally {
      setSaving(false);
    }
  }

  /** What a save or rotation answered: the configuration as it now is, and a secret it set, shown once. */
  function applySaved(answer: SavedConfiguration) {
    const { newSharedSecret, ...configuration } = answer;
    setSaved(configuration);
    setValues(valuesOf(configuration));
    setTypedSecret('');
    if (newSharedSecret) setNewSecret(newSharedSecret);
  }

  async function persist(input: ConfigurationFormInput) {
    try {
      const answer = await saveConfiguration(savedId, input);
      toaster.create({ type: 'success', title: savedId ? CONFIGURATION_TOASTS.updated : CONFIGURATION_TOASTS.created });
      applySaved(answer);
      setSavedId(answer.id);
      onSaved(answer.id);
    } catch (failure) {
      if (failure instanceof ApiError && failure.kind === 'http') {
        showErrors(failure.fieldErrors);
        toaster.create({
          type: 'error',
          title: (savedId ? CONFIGURATION_TOASTS.updateFailed : CONFIGURATION_TOASTS.createFailed)(failure.message),
        });
      } else {
        toaster.create({ type: 'error', title: CONFIGURATION_TOASTS.saveFailed, description: reasonOf(failure) });
      }
    }
  }

  async function rotate() {
    if (!savedId) return;
    setRotating(true);
    try {
      applySaved(await rotateSecret(savedId));
      toaster.create({ type: 'success', title: CONFIGURATION_TOASTS.secretRotated });
    } catch (failure) {
      toaster.create({ type: 'error', title: CONFIGURATION_TOASTS.secretRotateFailed(reasonOf(failure)) });
    } finally {
      setRotating(false);
    }
  }

  async function runTest() {
    if (!savedId) return;
    setTesting(true);
    setTestResult(null);
    try {
      const result = await testConfiguration(savedId);
      setTestResult(result);
      toaster.create(
        result.ok
          ? { type: 'success', title: CONFIGURATION_TOASTS.testSucceeded }
          : { type: 'error', title: CONFIGURATION_TOASTS.testFailed },
      );
    } catch (failure) {
      toaster.create({ type: 'error', title: CONFIGURATION_TOASTS.testFailed, description: reasonOf(failure) });
    } finally {
      setTesting(false);
    }
  }

  const formId = `${idPrefix}-form`;
  const text = (
    field:
      | 'propertyName'
      | 'accountNumber'
      | 'identity'
      | 'dunsNumber'
      | 'networkId'
      | 'senderIdentity'
      | 'catalogUrl'
      | 'punchoutUrl'
      | 'invoiceUrl',
    label: string,
    options: { required?: boolean; url?: boolean; helperText?: string } = {},
  ) => (
    <FormField
      id={`${idPrefix}-${field}`}
      name={field}
      label={label}
      error={errors[field]}
      required={options.required}
      helperText={options.helperText}
    >
      {(control) => (
        <Input
          {...control}
          type={options.url ? 'url' : 'text'}
          inputMode={options.url ? 'url' : undefined}
          value={values[field]}
          onChange={(event) => set(field, event.target.value)}
        />
      )}
    </FormField>
  );
  const clientText = (field: 'firstName' | 'lastName' | 'email' | 'phone', label: string, autoComplete: string) => (
    <FormField id={`${idPrefix}-${field}`} name={field} label={label} error={errors[field]}>
      {(control) => (
        <Input
          {...control}
          type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
          autoComplete={autoComplete}
          value={client[field]}
          onChange={(event) => setClientField(field, event.target.value)}
        />
      )}
    </FormField>
  );
  const section = (value: FormTab, children: ReactNode) => (
    <Tabs.Content value={value} pt="4">
      <Stack gap="4">{children}</Stack>
    </Tabs.Content>
  );

  const footer = (
    <Flex gap="2" wrap="wrap" justify="flex-end" w="full">
      <Button variant="outline" onClick={onClose}>
        Cancel
      </Button>
      <Button
        variant="outline"
        colorPalette="brand"
        onClick={runTest}
        disabled={!savedId || loading || saving}
        loading={testing}
        loadingText="Testing..."
      >
        Test Configuration
      </Button>
      <Button
        type="submit"
        form={formId}
        colorPalette="brand"
        disabled={loading || loadFailed || testing}
        loading={saving}
        loadingText="Saving..."
      >
        Save Configuration
      </Button>
    </Flex>
  );

  return (
    <SiteDialog
      open
      onClose={onClose}
      title={savedId ? 'Edit Configuration' : 'New Configuration'}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      titleFontSize="xl"
      footer={footer}
    >
      {loading ? (
        <Flex role="status" align="center" gap="3" minH="40">
          <Spinner size="sm" color="brand.600" />
          <Text>Loading the configuration…</Text>
        </Flex>
      ) : loadFailed ? (
        <Text role="alert" color="red.700">
          {CONFIGURATION_TOASTS.loadConfigurationsFailed}
        </Text>
      ) : (
        <chakra.form id={formId} ref={formRef} noValidate onSubmit={submit}>
          {newSecret && <NewSecret secret={newSecret} />}
          <Tabs.Root
            value={tab}
            onValueChange={(details) => setTab(details.value as FormTab)}
            colorPalette="brand"
            variant="enclosed"
            fitted
          >
            <Tabs.List>
              <Tabs.Trigger value="client">Client</Tabs.Trigger>
              <Tabs.Trigger value="security">Security</Tabs.Trigger>
              <Tabs.Trigger value="advanced">Advanced</Tabs.Trigger>
            </Tabs.List>
            {section(
              'client',
              <>
                <RadioGroup.Root
                  colorPalette="brand"
                  value={clientMode}
                  onValueChange={(details) => setClientMode(details.value as 'existing' | 'new')}
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
                {clientMode === 'existing' ? (
                  <ClientChooser
                    idPrefix={idPrefix}
                    clientId={values.clientId}
                    error={errors.clientId}
                    onChange={(clientId) => set('clientId', clientId)}
                  />
                ) : (
                  <>
                    {errors.clientId && (
                      <Text role="alert" color="red.700" fontSize="sm">
                        {errors.clientId}
                      </Text>
                    )}
                    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                      {clientText('firstName', 'First name', 'off')}
                      {clientText('lastName', 'Last name', 'off')}
                      {clientText('email', 'Email', 'off')}
                      {clientText('phone', 'Phone', 'off')}
                    </SimpleGrid>
                    <FormField
                      id={`${idPrefix}-accountType`}
                      name="accountType"
                      label="Account type"
                      error={errors.accountType}
                    >
                      {(control) => (
                        <NativeSelect.Root>
                          <NativeSelect.Field
                            {...control}
                            value={client.accountType}
                            onChange={(event) => setClientField('accountType', event.target.value as AccountType)}
                          >
                            {CLIENT_ACCOUNT_TYPES.map((type) => (
                              <option key={type} value={type}>
                                {type.charAt(0).toUpperCase() + type.slice(1)}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      )}
                    </FormField>
                    <FormField
                      id={`${idPrefix}-password`}
                      name="password"
                      label="Client password"
                      error={errors.password}
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
                          <Button variant="outline" colorPalette="brand" onClick={fillGeneratedPassword}>
                            Generate Secure Password
                          </Button>
                        </Flex>
                      )}
                    </FormField>
                  </>
                )}
                {text('propertyName', 'Property name', { required: true })}
                {text('accountNumber', 'Property account number', {
                  required: true,
                  helperText: 'Unique to this property.',
                })}
                {text('identity', 'Identity', { required: true, helperText: "The buyer's From credential; unique." })}
                <SwitchField
                  name="active"
                  label="Active Configuration"
                  checked={values.active}
                  onChange={(checked) => set('active', checked)}
                />
              </>,
            )}
            {section(
              'security',
              <>
                {!BUYER_SYSTEMS_SENDING_A_SECRET.includes(values.buyerSystem) && (
                  <SwitchField
                    name="acceptsDocumentsWithoutSecret"
                    label="Accept documents without a shared secret"
                    checked={values.acceptsDocumentsWithoutSecret}
                    onChange={(checked) => set('acceptsDocumentsWithoutSecret', checked)}
                  />
                )}
                {errors.acceptsDocumentsWithoutSecret && (
                  <Text role="alert" color="red.700" fontSize="sm">
                    {errors.acceptsDocumentsWithoutSecret}
                  </Text>
                )}
                {values.acceptsDocumentsWithoutSecret ? (
                  <Alert.Root status="warning">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>{CREDENTIAL_WARNINGS.withoutSecret}</Alert.Title>
                      <Alert.Description>Only for a buyer system that cannot send a shared secret.</Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                ) : savedId && saved ? (
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
                        onClick={rotate}
                        loading={rotating}
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
                ) : (
                  <FormField
                    id={`${idPrefix}-sharedSecret`}
                    name="sharedSecret"
                    label="Shared secret"
                    error={errors.sharedSecret}
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
                          value={typedSecret}
                          onChange={(event) => setTypedSecret(event.target.value)}
                        />
                      </InputGroup>
                    )}
                  </FormField>
                )}
                {text('dunsNumber', 'DUNS number')}
                {text('networkId', 'Network ID')}
                {text('senderIdentity', 'Sender identity')}
              </>,
            )}
            {section(
              'advanced',
              <>
                <FormField
                  id={`${idPrefix}-buyerSystem`}
                  name="buyerSystem"
                  label="Buyer system"
                  error={errors.buyerSystem}
                >
                  {(control) => (
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        {...control}
                        value={values.buyerSystem}
                        onChange={(event) => chooseBuyerSystem(event.target.value as BuyerSystem)}
                      >
                        {BUYER_SYSTEMS.map((system) => (
                          <option key={system} value={system}>
                            {system}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  )}
                </FormField>
                {text('catalogUrl', 'Catalog URL', { url: true })}
                {text('punchoutUrl', 'Punch-out URL', { url: true })}
                {text('invoiceUrl', 'Invoice URL', {
                  url: true,
                  helperText: 'Where cXML invoices are posted; leave empty to send none.',
                })}
                <FormField
                  id={`${idPrefix}-returnField`}
                  name="returnField"
                  label="Return field"
                  error={errors.returnField}
                >
                  {(control) => (
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        {...control}
                        value={values.returnField}
                        onChange={(event) => set('returnField', event.target.value as ReturnField)}
                      >
                        {RETURN_FIELDS.map((field) => (
                          <option key={field} value={field}>
                            {field}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  )}
                </FormField>
                <SwitchField
                  name="attributeLines"
                  label="Attribute lines"
                  checked={values.attributeLines}
                  onChange={(checked) => set('attributeLines', checked)}
                />
                <SwitchField
                  name="allowBackorders"
                  label="Allow Back Orders"
                  checked={values.allowBackorders}
                  onChange={(checked) => set('allowBackorders', checked)}
                />
                <SwitchField
                  name="defaultAvailability"
                  label="Default Availability"
                  checked={values.defaultAvailability}
                  onChange={(checked) => set('defaultAvailability', checked)}
                />
                <FormField
                  id={`${idPrefix}-pricingRules`}
                  name="pricingRules"
                  label="Pricing Rules (JSON)"
                  error={errors.pricingRules}
                  helperText={`A JSON object of discount and markup factors (0.1 is 10%), optionally per product: ${PRICING_RULES_EXAMPLE}. Empty means retail price.`}
                >
                  {(control) => (
                    <Textarea
                      {...control}
                      fontFamily="mono"
                      rows={5}
                      spellCheck={false}
                      value={values.pricingRules}
                      onChange={(event) => set('pricingRules', event.target.value)}
                    />
                  )}
                </FormField>
              </>,
            )}
          </Tabs.Root>
        </chakra.form>
      )}
      {!savedId && !loading && (
        <Text mt="4" fontSize="sm" color="gray.700">
          Save the configuration to test it.
        </Text>
      )}
      {testing && (
        <Flex role="status" align="center" gap="2" mt="4">
          <Spinner size="xs" color="brand.600" />
          <Text fontSize="sm">Testing the configuration…</Text>
        </Flex>
      )}
      {testResult && (
        <Box mt="4" aria-live="polite">
          <TestResult result={testResult} />
        </Box>
      )}
    </SiteDialog>
  );
}

function EyeIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M3 3l18 18M10.6 10.6a2 2 0 002.8 2.8M9.9 5.1A10.9 10.9 0 0112 5c7 0 11 7 11 7a17.6 17.6 0 01-3.2 3.9M6.6 6.6C3.3 8.6 1 12 1 12s4 7 11 7a10.6 10.6 0 005.4-1.4" />
    </svg>
  );
}
