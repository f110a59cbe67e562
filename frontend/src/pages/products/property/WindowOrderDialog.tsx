import { Alert, Box, Button, Flex, SimpleGrid, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { formatSize } from '#domain/cart/line';
import { FAMILIES, FAMILY_IDS, seriesInfo, type FamilyId } from '#domain/catalogue/families';
import type { PriceGrids } from '#domain/catalogue/grids/types';
import { formatCents } from '#domain/pricing/money';
import { priceConfiguration } from '#domain/pricing/price';
import { UnitPrice } from '../../../components/catalogue/UnitPrice';
import { useBuyerPriceList, yourUnitCents } from '../../../lib/buyer-price-list';
import {
  FETCH_WINDOWS_FAILED_MESSAGE,
  NO_WINDOWS_MESSAGE,
  orderAddedMessage,
  orderingSize,
  windowConfiguration,
  type Mount,
  type WindowOrderChoice,
} from '#domain/properties/window-order';
import { ApiError } from '../../../api/client';
import { fetchWindows, orderWindows, type PropertyWindow } from '../../../api/properties';
import { SiteDialog } from '../../../components/dialog/SiteDialog';
import { toaster } from '../../../components/layout/toast-queue';
import { LabelledSelect } from '../../../components/form/LabelledSelect';

type Windows = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; windows: PropertyWindow[] };

/** The choice after a product change: its first style, and that style's default colour (or its first). */
function choiceFor(family: FamilyId, series: string, mount: Mount): WindowOrderChoice {
  const info = seriesInfo(family, series);
  return { family, series: info.id, colorCode: info.defaultColor ?? info.colors[0]!.code, mount };
}

/**
 * Orders a property's (or one room's) measured windows: each window's ordering size and price,
 * previewed here with the same engine and grids as the configurator; the server prices them again.
 */
export function WindowOrderDialog({
  propertyId,
  propertyName,
  roomName,
  initial,
  grids,
  onClose,
}: {
  propertyId: string;
  propertyName: string;
  roomName: string | null;
  initial: WindowOrderChoice;
  grids: PriceGrids | null;
  onClose: () => void;
}) {
  const [windows, setWindows] = useState<Windows>({ kind: 'loading' });
  const [choice, setChoice] = useState<WindowOrderChoice>(initial);
  const [adding, setAdding] = useState(false);
  const series = seriesInfo(choice.family, choice.series ?? '');

  useEffect(() => {
    let current = true;
    fetchWindows(propertyId, roomName ?? undefined).then(
      (list) => current && setWindows({ kind: 'loaded', windows: list }),
      () => current && setWindows({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [propertyId, roomName]);

  const priceList = useBuyerPriceList();
  const rows = useMemo(() => {
    if (windows.kind !== 'loaded') return [];
    return windows.windows.map((window) => {
      const price = grids ? priceConfiguration(windowConfiguration(window, choice), grids) : null;
      const unitCents = price?.ok ? (yourUnitCents(priceList, price) ?? price.unitCents) : null;
      return { window, size: orderingSize(window, choice.mount), price, unitCents };
    });
  }, [windows, choice, grids, priceList]);
  const previewTotal = rows.reduce(
    (sum, { price, unitCents }) => sum + (price?.ok && unitCents !== null ? unitCents * price.quantity : 0),
    0,
  );

  async function addAll() {
    setAdding(true);
    try {
      const result = await orderWindows(propertyId, { ...choice, ...(roomName ? { roomName } : {}) });
      toaster.create({
        type: 'success',
        title: orderAddedMessage(choice.family, result.addedCount, result.totalCents),
      });
      if (result.failures.length > 0) {
        toaster.create({
          type: 'warning',
          title: `${result.failures.length} window(s) could not be added: ${result.failures[0]!.message}`,
        });
      }
      onClose();
    } catch (failure) {
      // The server's own words ('No items added', 'No windows found…'); without an answer, the spec's.
      const message = failure instanceof ApiError && failure.status > 0 ? failure.message : 'Failed to create order.';
      toaster.create({ type: 'error', title: message });
    } finally {
      setAdding(false);
    }
  }

  const loadedEmpty = windows.kind === 'loaded' && windows.windows.length === 0;
  return (
    <SiteDialog
      open
      onClose={onClose}
      title="Order windows"
      titleFontSize="xl"
      subtitle={
        <Text color="gray.700" fontSize="sm">
          {propertyName}
          {roomName ? `, ${roomName}` : ', all rooms'}
        </Text>
      }
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette="brand" disabled={adding || rows.length === 0} onClick={() => void addAll()}>
            {adding ? 'Adding...' : 'Add All to Cart'}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <LabelledSelect
            label="Product"
            value={choice.family}
            options={FAMILY_IDS.map((id) => ({ value: id, label: FAMILIES[id].name }))}
            onChange={(family) =>
              setChoice(choiceFor(family as FamilyId, FAMILIES[family as FamilyId].series[0]!.id, choice.mount))
            }
          />
          <LabelledSelect
            label="Style"
            value={series.id}
            options={FAMILIES[choice.family].series.map((s) => ({ value: s.id, label: s.label }))}
            onChange={(id) => setChoice(choiceFor(choice.family, id, choice.mount))}
          />
          <LabelledSelect
            label="Color"
            value={choice.colorCode}
            options={series.colors.map((color) => ({ value: color.code, label: `${color.name} (${color.code})` }))}
            onChange={(colorCode) => setChoice({ ...choice, colorCode })}
          />
          <LabelledSelect
            label="Mount"
            value={choice.mount}
            options={[
              { value: 'inside', label: 'Inside mount' },
              { value: 'outside', label: 'Outside mount' },
            ]}
            onChange={(mount) => setChoice({ ...choice, mount: mount as Mount })}
          />
        </SimpleGrid>
        <Text fontSize="sm" color="gray.700">
          Inside mount orders the narrowest width measured, outside mount the widest.
        </Text>
        {windows.kind === 'loading' && (
          <Flex role="status" gap="2" align="center">
            <Spinner size="sm" color="brand.600" />
            <Text>Loading windows...</Text>
          </Flex>
        )}
        {(windows.kind === 'failed' || loadedEmpty) && (
          <Alert.Root status={loadedEmpty ? 'info' : 'error'} role="alert">
            <Alert.Indicator />
            <Alert.Title>{loadedEmpty ? NO_WINDOWS_MESSAGE : FETCH_WINDOWS_FAILED_MESSAGE}</Alert.Title>
          </Alert.Root>
        )}
        {rows.length > 0 && (
          <Box overflowX="auto">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Window</Table.ColumnHeader>
                  <Table.ColumnHeader>Ordering size</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map(({ window, size, price, unitCents }, index) => (
                  <Table.Row key={window.id}>
                    <Table.Cell>
                      {[window.roomName, window.label].filter(Boolean).join(' - ') || `Window ${index + 1}`}
                    </Table.Cell>
                    <Table.Cell>
                      {formatSize(size.width)} x {formatSize(size.length)}
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      {price === null ? (
                        '...'
                      ) : price.ok ? (
                        <UnitPrice
                          unitCents={unitCents ?? price.unitCents}
                          listUnitCents={price.unitCents}
                          each={false}
                        />
                      ) : (
                        price.error.message
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
        {rows.length > 0 && (
          <Text fontWeight="semibold" textAlign="end">
            Total: {formatCents(previewTotal)}
          </Text>
        )}
      </Stack>
    </SiteDialog>
  );
}
