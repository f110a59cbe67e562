import { Box, Checkbox, chakra, Input, NativeSelect, Stack, Switch, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { SubscriptionWithSecretResponse } from '#domain/webhooks/api';
import type { WebhookShape } from '#domain/webhooks/payloads';
import { createSubscriptionSchema, type SubscriptionView } from '#domain/webhooks/subscription';
import { ApiError } from '../../api/client';
import { FormDialog } from '../../components/dialog/FormDialog';
import { firstMessageByField, focusFirstInvalid, FormField } from '../../components/form/FormField';
import { toaster } from '../../components/layout/toast-queue';
import { eventTypeLabel, SHAPE_LABELS } from './webhook-labels';
import { createWebhookSubscription, updateWebhookSubscription } from './webhooks-api';

export interface EventChoice {
  type: string;
  spreadsheet: boolean;
}

interface FormValues {
  url: string;
  description: string;
  /** Chosen event type → its shape. */
  events: Map<string, WebhookShape>;
  active: boolean;
}

function initialValues(subscription: SubscriptionView | null): FormValues {
  return {
    url: subscription?.url ?? '',
    description: subscription?.description ?? '',
    events: new Map(subscription?.events.map((event) => [event.type, event.shape]) ?? []),
    active: subscription?.active ?? true,
  };
}

/** The chosen events in the list's order: the order the server's `events.N.shape` errors count in. */
const chosenEvents = (choices: readonly EventChoice[], events: Map<string, WebhookShape>) =>
  choices
    .filter((choice) => events.has(choice.type))
    .map((choice) => ({ type: choice.type, shape: events.get(choice.type)! }));

/**
 * Adding or editing a subscription: its URL, description, the events it receives with the shape of
 * each (the spreadsheet row where the event has one), and whether it is active. The server's field
 * errors show under their fields. A new subscription's secret goes to `onCreated`, which shows it once.
 */
export function WebhookFormDialog({
  open,
  subscription,
  choices,
  onClose,
  onSaved,
  onCreated,
}: {
  open: boolean;
  /** null: a new subscription. */
  subscription: SubscriptionView | null;
  choices: readonly EventChoice[];
  onClose: () => void;
  onSaved: (subscription: SubscriptionView) => void;
  onCreated: (created: SubscriptionWithSecretResponse) => void;
}) {
  const [values, setValues] = useState<FormValues>(() => initialValues(subscription));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement | null>(null);

  useEffect(() => {
    if (!open) return;
    setValues(initialValues(subscription));
    setErrors({});
  }, [open, subscription]);

  const events = chosenEvents(choices, values.events);
  const fieldOrder = ['url', 'description', 'events', ...events.map((_, index) => `events.${index}.shape`), 'active'];

  function toggleEvent(type: string, checked: boolean) {
    setValues((current) => {
      const next = new Map(current.events);
      if (checked) next.set(type, 'envelope');
      else next.delete(type);
      return { ...current, events: next };
    });
  }

  function setShape(type: string, shape: WebhookShape) {
    setValues((current) => ({ ...current, events: new Map(current.events).set(type, shape) }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    formRef.current = event.currentTarget;
    const parsed = createSubscriptionSchema.safeParse({
      url: values.url,
      description: values.description,
      events,
      active: values.active,
    });
    const found = parsed.success ? {} : firstMessageByField(parsed.error.issues);
    setErrors(found);
    if (!parsed.success) return focusFirstInvalid(formRef.current, fieldOrder, found);
    setSaving(true);
    try {
      if (subscription) {
        const saved = await updateWebhookSubscription(subscription.id, parsed.data);
        toaster.create({ type: 'success', title: 'Webhook saved.' });
        onSaved(saved);
      } else {
        const created = await createWebhookSubscription(parsed.data);
        toaster.create({ type: 'success', title: 'Webhook added.' });
        onCreated(created);
      }
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      setErrors(fieldErrors);
      focusFirstInvalid(formRef.current, fieldOrder, fieldErrors);
      toaster.create({
        type: 'error',
        title: error instanceof ApiError ? error.message : 'The webhook could not be saved. Please try again.',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={subscription ? 'Edit Webhook' : 'Add Webhook'}
      formId="webhook-form"
      saving={saving}
      onSubmit={submit}
    >
      <FormField
        id="webhook-url"
        name="url"
        label="Receiver URL"
        required
        error={errors.url}
        helperText="https:// (http:// only on the local stack)"
      >
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            autoComplete="off"
            value={values.url}
            onChange={(e) => setValues({ ...values, url: e.target.value })}
          />
        )}
      </FormField>
      <FormField id="webhook-description" name="description" label="Description" error={errors.description}>
        {(control) => (
          <Input
            {...control}
            value={values.description}
            onChange={(e) => setValues({ ...values, description: e.target.value })}
          />
        )}
      </FormField>
      <chakra.fieldset aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
        <chakra.legend fontWeight="medium" fontSize="sm" mb="2">
          Events
        </chakra.legend>
        <Stack as="ul" gap="3" p="0" m="0">
          {choices.map((choice) => {
            const index = events.findIndex((event) => event.type === choice.type);
            const shapeField = `events.${index}.shape`;
            return (
              <Box as="li" key={choice.type} listStyleType="none">
                <Checkbox.Root
                  colorPalette="brand"
                  checked={index >= 0}
                  onCheckedChange={(details) => toggleEvent(choice.type, details.checked === true)}
                >
                  <Checkbox.HiddenInput name="events" />
                  <Checkbox.Control />
                  <Checkbox.Label>{eventTypeLabel(choice.type)}</Checkbox.Label>
                </Checkbox.Root>
                {index >= 0 && choice.spreadsheet && (
                  <Box ps="7" pt="2">
                    <FormField
                      id={`webhook-shape-${choice.type}`}
                      name={shapeField}
                      label={`Shape of ${eventTypeLabel(choice.type).toLowerCase()}`}
                      error={errors[shapeField]}
                    >
                      {(control) => (
                        <NativeSelect.Root size="sm">
                          <NativeSelect.Field
                            {...control}
                            value={events[index]!.shape}
                            onChange={(e) => setShape(choice.type, e.target.value as WebhookShape)}
                          >
                            {(['envelope', 'spreadsheet'] as const).map((shape) => (
                              <option key={shape} value={shape}>
                                {SHAPE_LABELS[shape]}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      )}
                    </FormField>
                  </Box>
                )}
              </Box>
            );
          })}
        </Stack>
        {errors.events && (
          <Text id="webhook-events-error" role="alert" color="red.700" fontSize="sm" mt="2">
            {errors.events}
          </Text>
        )}
      </chakra.fieldset>
      <Switch.Root
        colorPalette="brand"
        checked={values.active}
        onCheckedChange={(details) => setValues({ ...values, active: details.checked })}
      >
        <Switch.HiddenInput name="active" />
        <Switch.Control />
        <Switch.Label>Active: deliver events to this URL</Switch.Label>
      </Switch.Root>
    </FormDialog>
  );
}
