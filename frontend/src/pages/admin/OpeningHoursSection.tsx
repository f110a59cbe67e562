import { Box, Button, Checkbox, Heading, HStack, Input, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { WEEKDAYS, type OpeningHours, type WeeklyHours } from '#domain/business';
import { apiRequest, ApiError } from '../../api/client';
import { toaster } from '../../components/layout/toast-queue';
import { rereadOfficeHours } from '../../lib/office-hours';

/** The hours a day gets when staff open it again. */
const DEFAULT_DAY = { opens: '09:00', closes: '17:00' };

const dayName = (day: string) => day[0]!.toUpperCase() + day.slice(1);

/**
 * The week's opening hours (Shop Hours tab, owner and manager): the chat shows staff online only
 * within them, lists them and answers by them, measuring visits are offered within them, and the
 * header, menu, footer and contact pages list them.
 */
export function OpeningHoursSection() {
  const [week, setWeek] = useState<WeeklyHours | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const load = useCallback(() => {
    setFailed(false);
    apiRequest<OpeningHours>('/admin/opening-hours', { auth: true }).then(
      (answer) => setWeek(answer.week),
      () => setFailed(true),
    );
  }, []);
  useEffect(load, [load]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!week) return;
    setSaving(true);
    setFieldErrors({});
    try {
      const answer = await apiRequest<OpeningHours>('/admin/opening-hours', {
        method: 'PUT',
        body: { week },
        auth: true,
      });
      setWeek(answer.week);
      rereadOfficeHours();
      toaster.create({ type: 'success', title: 'Opening hours saved' });
    } catch (error) {
      if (error instanceof ApiError) setFieldErrors(error.fieldErrors);
      toaster.create({
        type: 'error',
        title: error instanceof ApiError ? error.message : 'Could not save the opening hours. Please try again.',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box as="section" aria-labelledby="opening-hours-heading" borderTopWidth="1px" pt="4">
      <Heading as="h3" id="opening-hours-heading" size="md" color="brand.800" mb="1">
        Opening hours
      </Heading>
      <Text fontSize="sm" color="gray.700" mb="3">
        The chat shows staff online only within these hours, lists them and tells visitors when they will be answered;
        measuring visits are offered within them.
      </Text>
      {failed && (
        <HStack role="alert">
          <Text color="red.700">Failed to load the opening hours.</Text>
          <Button size="xs" variant="outline" onClick={load}>
            Retry
          </Button>
        </HStack>
      )}
      {!week && !failed && <Spinner aria-label="Loading opening hours" />}
      {week && (
        <Stack as="form" gap="2" onSubmit={(event) => void save(event)}>
          {WEEKDAYS.map((day) => {
            const hours = week[day];
            const error = fieldErrors[`week.${day}.opens`] ?? fieldErrors[`week.${day}.closes`];
            return (
              <Box key={day}>
                <HStack gap="3" wrap="wrap">
                  <Text minW="24" fontWeight="semibold">
                    {dayName(day)}
                  </Text>
                  <Checkbox.Root
                    checked={!hours}
                    onCheckedChange={(change) => setWeek({ ...week, [day]: change.checked ? null : DEFAULT_DAY })}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    {/* The label names the input: each day's says which day to a screen reader. */}
                    <Checkbox.Label>
                      Closed<VisuallyHidden>{` on ${dayName(day)}`}</VisuallyHidden>
                    </Checkbox.Label>
                  </Checkbox.Root>
                  {hours && (
                    <>
                      <Input
                        type="time"
                        size="sm"
                        w="auto"
                        aria-label={`${dayName(day)} opens`}
                        aria-invalid={Boolean(fieldErrors[`week.${day}.opens`])}
                        value={hours.opens}
                        onChange={(e) => setWeek({ ...week, [day]: { ...hours, opens: e.target.value } })}
                      />
                      <Input
                        type="time"
                        size="sm"
                        w="auto"
                        aria-label={`${dayName(day)} closes`}
                        aria-invalid={Boolean(fieldErrors[`week.${day}.closes`])}
                        value={hours.closes}
                        onChange={(e) => setWeek({ ...week, [day]: { ...hours, closes: e.target.value } })}
                      />
                    </>
                  )}
                </HStack>
                {error && (
                  <Text color="red.700" fontSize="sm" role="alert">
                    {error}
                  </Text>
                )}
              </Box>
            );
          })}
          <Box>
            <Button type="submit" size="sm" colorPalette="brand" loading={saving}>
              Save opening hours
            </Button>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
