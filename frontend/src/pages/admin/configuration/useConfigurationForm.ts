import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  BUYER_SYSTEMS_SENDING_A_SECRET,
  CONFIGURATION_TOASTS,
  configurationInputSchema,
  generatePassword,
  newConfigurationSchema,
  punchoutClientSchema,
  type BuyerSystem,
  type ConfigurationFormInput,
  type ConfigurationView,
  type SavedConfiguration,
} from '#domain/punchout/configuration';
import type { ConfigurationTestAnswer } from '#domain/punchout/monitor';
import { ApiError } from '../../../api/client';
import { toaster } from '../../../components/layout/toast-queue';
import { useResource } from '../../../lib/use-resource';
import { fieldErrorsOf, useZodForm } from '../../../lib/use-zod-form';
import {
  createPunchoutClient,
  fetchConfiguration,
  rotateSecret,
  saveConfiguration,
  testConfiguration,
} from '../punchout-api';
import {
  EMPTY_CLIENT,
  EMPTY_CONFIGURATION,
  FIELD_ORDER,
  FIELD_TABS,
  reasonOf,
  urlRules,
  valuesOf,
  type ClientValues,
  type FormTab,
} from './configuration-form';

/**
 * The configuration form's state and what it does: the configuration read (when editing), the
 * values checked with the server's schemas, the client made first when asked, save, rotation and test.
 */
export function useConfigurationForm(configId: string | null, onSaved: (configId: string) => void) {
  const [savedId, setSavedId] = useState(configId);
  const load = useCallback(
    (request: { signal: AbortSignal }) => (configId ? fetchConfiguration(configId, request) : Promise.resolve(null)),
    [configId],
  );
  /** The configuration as last loaded or saved: its secret's state and credential warning. */
  const configuration = useResource<ConfigurationView | null>(load);
  const saved = configuration.state.kind === 'loaded' ? configuration.state.data : null;
  const loading = configId !== null && configuration.state.kind === 'loading';
  const loadFailed = configuration.state.kind === 'failed';

  const [tab, setTab] = useState<FormTab>('client');
  /** The first invalid field may be on another tab: it is focused once that tab shows. */
  const [focusField, setFocusField] = useState<string | null>(null);
  const form = useZodForm(EMPTY_CONFIGURATION, {
    fieldOrder: FIELD_ORDER,
    reveal: (field) => {
      setTab(FIELD_TABS[field]!);
      setFocusField(field);
    },
  });
  const { formRef, setValues } = form;
  useEffect(() => {
    if (!focusField) return;
    formRef.current?.querySelector<HTMLElement>(`[name="${focusField}"]`)?.focus();
    setFocusField(null);
  }, [focusField, tab, formRef]);

  // The values follow the configuration each time it is read or saved.
  const [shown, setShown] = useState<ConfigurationView | null>(null);
  if (saved !== shown) {
    setShown(saved);
    if (saved) setValues(valuesOf(saved));
  }

  const [clientMode, setClientMode] = useState<'existing' | 'new'>(configId ? 'existing' : 'new');
  const [client, setClient] = useState<ClientValues>(EMPTY_CLIENT);
  const setClientField = <K extends keyof ClientValues>(field: K, value: ClientValues[K]) =>
    setClient((current) => ({ ...current, [field]: value }));
  /** A secret typed for a new configuration (the buyer's own); empty: one is generated. */
  const [typedSecret, setTypedSecret] = useState('');
  /** The secret the last save or rotation set, shown until the form closes. */
  const [newSecret, setNewSecret] = useState<string | null>(null);
  const [rotating, setRotating] = useState(false);
  const [testing, setTesting] = useState(false);
  const [testResult, setTestResult] = useState<ConfigurationTestAnswer | null>(null);

  /** A buyer system that sends a secret cannot go without one: choosing it takes staff's consent back. */
  const chooseBuyerSystem = (buyerSystem: BuyerSystem) =>
    setValues((current) => ({
      ...current,
      buyerSystem,
      acceptsDocumentsWithoutSecret:
        current.acceptsDocumentsWithoutSecret && !BUYER_SYSTEMS_SENDING_A_SECRET.includes(buyerSystem),
    }));

  function fillGeneratedPassword() {
    setClientField('password', generatePassword());
    toaster.create({ type: 'success', title: CONFIGURATION_TOASTS.passwordGenerated });
  }

  /** What a save or rotation answered: the configuration as it now is, and a secret it set, shown once. */
  function applySaved(answer: SavedConfiguration) {
    const { newSharedSecret, ...view } = answer;
    configuration.setData(view);
    setTypedSecret('');
    if (newSharedSecret) setNewSecret(newSharedSecret);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The client is created first when its first name, last name and e-mail are all filled.
    const createsClient =
      clientMode === 'new' && [client.firstName, client.lastName, client.email].every((value) => value.trim() !== '');
    const input: ConfigurationFormInput = {
      ...form.values,
      clientId: clientMode === 'existing' ? form.values.clientId : '',
      ...(savedId ? {} : { sharedSecret: form.values.acceptsDocumentsWithoutSecret ? '' : typedSecret }),
    };
    const found = fieldErrorsOf(savedId ? configurationInputSchema(urlRules) : newConfigurationSchema(urlRules), input);
    if (createsClient) {
      delete found.clientId;
      Object.assign(found, fieldErrorsOf(punchoutClientSchema, client));
    }
    form.showErrors(found);
    if (Object.keys(found).length > 0) return;
    await form.run(async () => {
      let clientId = input.clientId;
      if (createsClient) {
        try {
          ({ clientId } = await createPunchoutClient(client));
        } catch (failure) {
          toaster.create({ type: 'error', title: CONFIGURATION_TOASTS.clientSaveFailed(reasonOf(failure)) });
          if (failure instanceof ApiError) throw failure;
          return;
        }
        setClientMode('existing');
        setClient(EMPTY_CLIENT);
        form.set('clientId', clientId);
      }
      await persist({ ...input, clientId });
    });
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
        toaster.create({
          type: 'error',
          title: (savedId ? CONFIGURATION_TOASTS.updateFailed : CONFIGURATION_TOASTS.createFailed)(failure.message),
        });
        throw failure;
      }
      toaster.create({ type: 'error', title: CONFIGURATION_TOASTS.saveFailed, description: reasonOf(failure) });
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

  return {
    idPrefix: configId ? `configuration-${configId}` : 'configuration-new',
    form,
    savedId,
    saved,
    loading,
    loadFailed,
    tab,
    setTab,
    clientMode,
    setClientMode,
    client,
    setClientField,
    fillGeneratedPassword,
    chooseBuyerSystem,
    typedSecret,
    setTypedSecret,
    newSecret,
    rotating,
    rotate,
    testing,
    testResult,
    runTest,
    submit,
  };
}

export type ConfigurationForm = ReturnType<typeof useConfigurationForm>;
