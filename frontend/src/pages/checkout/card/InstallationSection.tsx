import { Checkbox, Input, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useCallback } from 'react';
import {
  INSTALLATION_OPTION_COPY,
  MAX_OLD_BLINDS,
  type InstallationOptions,
} from '#domain/appointments/installation-choices';
import type { InstallationSlotsAnswer } from '#domain/appointments/installation';
import { readableDate } from '#domain/appointments/schedule';
import { INSTALLATION_CENTS_PER_GROUP, INSTALLATION_GROUP_SIZE } from '#domain/checkout/totals';
import { formatWholeDollars } from '#domain/pricing/money';
import { fetchInstallationSlots } from '../../../api/appointments';
import { FormField } from '../../../components/form/FormField';
import { LabelledSelect } from '../../../components/form/LabelledSelect';
import { LoadState } from '../../../components/layout/LoadState';
import { useResource } from '../../../lib/use-resource';
import type { InstallationVisitChoice } from '../checkout-form';
import { Section } from './CheckoutSections';
import type { CardCheckoutForm } from './useCheckoutForm';

/** The base terms, from the constants the server charges by; the options' terms are INSTALLATION_OPTION_COPY. */
const INSTALLATION_TERMS = `${formatWholeDollars(INSTALLATION_CENTS_PER_GROUP)} for up to ${INSTALLATION_GROUP_SIZE} blinds, and ${formatWholeDollars(INSTALLATION_CENTS_PER_GROUP)} more for each further ${INSTALLATION_GROUP_SIZE} blinds or part of them.`;

const NOW: InstallationVisitChoice = { when: 'now', date: '', window: '' };

function ErrorLine({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Text fontSize="sm" color="red.700" role="alert">
      {message}
    </Text>
  );
}

/**
 * The dates and windows our crews can come after the blinds arrive (the server's own answer, so a
 * full window is shown taken), the date a select and the windows of that date radios.
 */
function VisitPicker({
  checkout,
  deliveredBy,
  choice,
}: {
  checkout: CardCheckoutForm;
  deliveredBy: string;
  choice: Extract<InstallationVisitChoice, { when: 'now' }>;
}) {
  const { form } = checkout;
  const load = useCallback(
    ({ signal }: { signal: AbortSignal }) => fetchInstallationSlots(deliveredBy, { signal }),
    [deliveredBy],
  );
  const slots = useResource<InstallationSlotsAnswer>(load);
  const choose = (change: Partial<typeof choice>) => form.set('installationVisit', { ...choice, ...change });
  return (
    <LoadState
      resource={slots.state}
      loading="Loading the dates our crews can come…"
      failed="The installation dates could not be loaded."
      onRetry={slots.reload}
    >
      {({ days }) => {
        const open = days.filter((day) => day.windows.some((window) => window.available));
        if (open.length === 0)
          return (
            <Text>
              Every installation window is taken for now. Choose Schedule later to pick a date from your order.
            </Text>
          );
        const day = open.find((candidate) => candidate.date === choice.date);
        return (
          <Stack gap="4">
            <LabelledSelect
              label="Installation date"
              required
              field={{
                id: 'checkout-installation-date',
                name: 'installationVisit.date',
                error: form.errors['installationVisit.date'],
              }}
              value={day ? choice.date : ''}
              onChange={(date) => choose({ date, window: '' })}
              options={[
                { value: '', label: 'Choose a date' },
                ...open.map((candidate) => ({ value: candidate.date, label: readableDate(candidate.date) })),
              ]}
            />
            {day && (
              <RadioGroup.Root
                name="installationVisit.window"
                value={choice.window || null}
                onValueChange={(details) => choose({ window: details.value ?? '' })}
                colorPalette="brand"
                aria-describedby="checkout-installation-window-note"
              >
                <RadioGroup.Label fontWeight="medium">Time window (Central time)</RadioGroup.Label>
                <Stack direction={{ base: 'column', sm: 'row' }} gap={{ base: '3', sm: '6' }} mt="2">
                  {day.windows.map(({ window, available }) => (
                    <RadioGroup.Item key={window} value={window} disabled={!available}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{available ? window : `${window} (taken)`}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </Stack>
                <Text id="checkout-installation-window-note" mt="2" fontSize="sm" color="gray.700">
                  Our crew arrives within the window; the visit may take all of it.
                </Text>
              </RadioGroup.Root>
            )}
            <ErrorLine message={form.errors['installationVisit.window']} />
          </Stack>
        );
      }}
    </LoadState>
  );
}

/** Old-blind removal (how many) and high-ladder work, charged with installation. */
function OptionFields({ checkout }: { checkout: CardCheckoutForm }) {
  const { values, form } = checkout;
  const options = values.installationOptions;
  const setOptions = (change: Partial<InstallationOptions>) =>
    form.set('installationOptions', { ...options, ...change });
  return (
    <Stack gap="4">
      <FormField
        id="checkout-old-blinds"
        name="installationOptions.oldBlindsRemoved"
        label="Old blinds to take down"
        helperText={INSTALLATION_OPTION_COPY.oldBlindsRemoved}
        error={form.errors['installationOptions.oldBlindsRemoved']}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_OLD_BLINDS}
            step={1}
            maxW="10rem"
            value={Number.isNaN(options.oldBlindsRemoved) ? '' : String(options.oldBlindsRemoved)}
            onChange={(event) =>
              setOptions({ oldBlindsRemoved: event.target.value === '' ? Number.NaN : Number(event.target.value) })
            }
          />
        )}
      </FormField>
      <Stack gap="1">
        <Checkbox.Root
          colorPalette="brand"
          checked={options.highLadder}
          onCheckedChange={(details) => setOptions({ highLadder: details.checked === true })}
          aria-describedby="checkout-high-ladder-terms"
        >
          <Checkbox.HiddenInput name="installationOptions.highLadder" />
          <Checkbox.Control />
          <Checkbox.Label>High-ladder work</Checkbox.Label>
        </Checkbox.Root>
        <Text id="checkout-high-ladder-terms" fontSize="sm" color="gray.700">
          {INSTALLATION_OPTION_COPY.highLadder}
        </Text>
      </Stack>
    </Stack>
  );
}

/** When the crew comes: a window now, from those free after the blinds arrive, or later from the order's link. */
function VisitFields({ checkout }: { checkout: CardCheckoutForm }) {
  const { values, form, quote } = checkout;
  const choice = values.installationVisit;
  const deliveredBy = quote.quote.estimate?.deliveredBy ?? null;
  return (
    <Stack gap="4">
      <RadioGroup.Root
        name="installationVisit"
        value={choice.when}
        onValueChange={(details) => form.set('installationVisit', details.value === 'now' ? NOW : { when: 'later' })}
        colorPalette="brand"
      >
        <RadioGroup.Label fontWeight="medium">Installation visit</RadioGroup.Label>
        <Stack direction={{ base: 'column', sm: 'row' }} gap={{ base: '3', sm: '6' }} mt="2">
          <RadioGroup.Item value="now">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>Choose a date now</RadioGroup.ItemText>
          </RadioGroup.Item>
          <RadioGroup.Item value="later">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>Schedule later</RadioGroup.ItemText>
          </RadioGroup.Item>
        </Stack>
      </RadioGroup.Root>
      <ErrorLine message={form.errors.installationVisit} />
      {choice.when === 'later' ? (
        <Text fontSize="sm" color="gray.700">
          Your order confirmation e-mail brings a link to choose the date once you are ready.
        </Text>
      ) : deliveredBy ? (
        <VisitPicker checkout={checkout} deliveredBy={deliveredBy} choice={choice} />
      ) : (
        <Text fontSize="sm" color="gray.700">
          Enter your shipping address to see the dates our crews can come after your blinds arrive.
        </Text>
      )}
    </Stack>
  );
}

export function InstallationSection({ checkout }: { checkout: CardCheckoutForm }) {
  const { values, form } = checkout;
  return (
    <Section id="installation-heading" title="Professional Installation">
      <Checkbox.Root
        colorPalette="brand"
        checked={values.installation}
        onCheckedChange={(details) => form.set('installation', details.checked === true)}
      >
        <Checkbox.HiddenInput name="installation" />
        <Checkbox.Control />
        <Checkbox.Label>Have our team install my blinds</Checkbox.Label>
      </Checkbox.Root>
      <Text mt="2" fontSize="sm" color="gray.700">
        Offered in the Dallas-Fort Worth metro: {INSTALLATION_TERMS}
      </Text>
      <ErrorLine message={form.errors.installation} />
      {values.installation && (
        <Stack gap="6" mt="4">
          <OptionFields checkout={checkout} />
          <VisitFields checkout={checkout} />
        </Stack>
      )}
    </Section>
  );
}
