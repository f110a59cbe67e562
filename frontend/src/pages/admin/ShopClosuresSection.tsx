import { Box, Button, Heading, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { readableDate } from '#domain/appointments/schedule';
import type { ShopClosure, ShopClosures } from '#domain/calendar/closures';
import { apiRequest, ApiError } from '../../api/client';
import { toaster } from '../../components/layout/toast-queue';

const saveClosures = (closures: ShopClosure[]) =>
  apiRequest<ShopClosures>('/admin/shop-closures', { method: 'PUT', body: { closures }, auth: true });

const failureText = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Could not save the closed days. Please try again.';

/** Days the shop is closed beyond its holidays: delivery dates promised from now on skip them. */
export function ShopClosuresSection() {
  const [closures, setClosures] = useState<ShopClosure[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    apiRequest<ShopClosures>('/admin/shop-closures', { auth: true }).then(
      (answer) => setClosures(answer.closures),
      () => setFailed(true),
    );
  }, []);
  useEffect(load, [load]);

  const save = async (next: ShopClosure[], done: string) => {
    setSaving(true);
    try {
      setClosures((await saveClosures(next)).closures);
      toaster.create({ type: 'success', title: done });
      return true;
    } catch (error) {
      toaster.create({ type: 'error', title: failureText(error) });
      return false;
    } finally {
      setSaving(false);
    }
  };
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!closures) return;
    if (await save([...closures, { date, reason }], `Closed on ${date}`)) {
      setDate('');
      setReason('');
    }
  };

  return (
    <Box as="section" aria-labelledby="shop-closures-heading" borderTopWidth="1px" pt="4">
      <Heading as="h3" id="shop-closures-heading" size="md" color="brand.800" mb="1">
        Closed days
      </Heading>
      <Text fontSize="sm" color="gray.700" mb="3">
        Days the shop is closed besides its holidays. Delivery dates promised from now on skip them; placed orders keep
        theirs.
      </Text>
      {failed && (
        <HStack role="alert">
          <Text color="red.700">Failed to load the closed days.</Text>
          <Button size="xs" variant="outline" onClick={load}>
            Retry
          </Button>
        </HStack>
      )}
      {!closures && !failed && <Spinner aria-label="Loading closed days" />}
      {closures && (
        <Stack gap="3">
          {closures.length === 0 ? (
            <Text color="gray.700">No closed days.</Text>
          ) : (
            <Stack as="ul" gap="1">
              {closures.map((closure) => (
                <HStack as="li" key={closure.date} gap="3" wrap="wrap">
                  <Text>
                    {readableDate(closure.date)}: {closure.reason}
                  </Text>
                  <Button
                    size="xs"
                    variant="outline"
                    disabled={saving}
                    aria-label={`Open again on ${readableDate(closure.date)}`}
                    onClick={() =>
                      void save(
                        closures.filter((kept) => kept.date !== closure.date),
                        `Open again on ${closure.date}`,
                      )
                    }
                  >
                    Remove
                  </Button>
                </HStack>
              ))}
            </Stack>
          )}
          <HStack as="form" gap="2" wrap="wrap" align="flex-end" onSubmit={(event) => void add(event)}>
            <Box>
              <Text asChild fontSize="sm">
                <label htmlFor="closure-date">Date</label>
              </Text>
              <Input
                id="closure-date"
                type="date"
                size="sm"
                required
                value={date}
                onChange={(e) => setDate(e.target.value)}
              />
            </Box>
            <Box>
              <Text asChild fontSize="sm">
                <label htmlFor="closure-reason">Reason</label>
              </Text>
              <Input
                id="closure-reason"
                size="sm"
                required
                maxLength={80}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </Box>
            <Button type="submit" size="sm" colorPalette="brand" loading={saving}>
              Add closed day
            </Button>
          </HStack>
        </Stack>
      )}
    </Box>
  );
}
