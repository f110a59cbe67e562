import { Heading, Stack, Switch } from '@chakra-ui/react';
import type { NotificationPreferences } from '#domain/accounts/client';
import { updateNotificationPreferences, type ClientProfile } from '../../../api/account';
import { saveWithFeedback } from '../settings-form';
import { useSignInWhenUnauthorized } from '../../../lib/sign-in-redirect';
import { useZodForm } from '../../../lib/use-zod-form';
import { TabForm } from './TabForm';

const GROUPS: ReadonlyArray<{
  title: string;
  switches: ReadonlyArray<{ key: keyof NotificationPreferences; label: string }>;
}> = [
  {
    title: 'Email',
    switches: [
      { key: 'emailOrders', label: 'Order updates by email' },
      { key: 'emailShipping', label: 'Shipping updates by email' },
      { key: 'emailPromotions', label: 'Offers and promotions by email' },
    ],
  },
  {
    title: 'Text messages',
    switches: [
      { key: 'textOrders', label: 'Order updates by text' },
      { key: 'textShipping', label: 'Shipping updates by text' },
      { key: 'textPromotions', label: 'Offers and promotions by text' },
    ],
  },
];

/** Notification Preferences: six switches, saved together. */
export function NotificationsTab({
  client,
  onSaved,
}: {
  client: ClientProfile;
  onSaved: (client: ClientProfile) => void;
}) {
  const form = useZodForm<NotificationPreferences>(client.notificationPreferences);
  const { values } = form;
  const signInWhenUnauthorized = useSignInWhenUnauthorized();

  /** Six switches cannot be wrong: nothing to check before sending. */
  const save = () =>
    form.run(async () => {
      const saved = await saveWithFeedback(
        () => updateNotificationPreferences(values),
        {
          success: 'Your notification preferences have been saved.',
          failure: 'Failed to save your notification preferences. Please try again.',
        },
        signInWhenUnauthorized,
      );
      onSaved(saved);
    });

  return (
    <TabForm
      title="Notification Preferences"
      intro="Choose what we send you, and how."
      saving={form.submitting}
      submitLabel="Save Preferences"
      onSubmit={save}
    >
      {GROUPS.map((group) => (
        <Stack key={group.title} as="fieldset" gap="3">
          <Heading as="legend" size="sm" mb="2">
            {group.title}
          </Heading>
          {group.switches.map(({ key, label }) => (
            <Switch.Root
              key={key}
              colorPalette="brand"
              checked={values[key]}
              onCheckedChange={(details) => form.set(key, details.checked)}
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>{label}</Switch.Label>
            </Switch.Root>
          ))}
        </Stack>
      ))}
    </TabForm>
  );
}
