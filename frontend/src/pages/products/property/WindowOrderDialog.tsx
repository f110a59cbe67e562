import { Alert, Box, Button, Flex, SimpleGrid, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatSize } from '#domain/cart/line';
import { FAMILIES, FAMILY_IDS, seriesInfo, type FamilyId } from '#domain/catalogue/families';
import type { PriceGrids } from '#domain/catalogue/grids/types';
import { formatCents } from '#domain/pricing/money';
import { windowPlaceOf } from '#domain/properties/property';
import { groupThousands } from '#domain/thousands';
import { priceConfiguration } from '#domain/pricing/price';
import { UnitPrice } from '../../../components/catalogue/UnitPrice';
import { useBuyerPriceList, yourUnitCents } from '../../../lib/buyer-price-list';
import {
  FETCH_WINDOWS_FAILED_MESSAGE,
  inChunks,
  NO_WINDOWS_MESSAGE,
  orderAddedMessage,
  orderingSize,
  roomLabelOf,
  WINDOW_ORDER_CHUNK,
  windowConfiguration,
  type Mount,
  type WindowOrderChoice,
} from '#domain/properties/window-order';
import { quoteSavedToast } from '../../quotes/quote-saved';
import { announceCartChanged } from '../../../api/cart';
import { ApiError } from '../../../api/client';
import { fetchWindows, orderWindows, type PropertyWindow } from '../../../api/properties';
import { SiteDialog } from '../../../components/dialog/SiteDialog';
import { toaster } from '../../../components/layout/toast-queue';
import { WorkProgress } from '../../../components/layout/WorkProgress';
import { LabelledSelect } from '../../../components/form/LabelledSelect';

type Windows = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; windows: PropertyWindow[] };

/** The choice after a product change: its first style, and that style's default colour (or its first). */
function choiceFor(family: FamilyId, series: string, mount: Mount): WindowOrderChoice {
  const info = seriesInfo(family, series);
  return { family, series: info.id, colorCode: info.defaultColor ?? info.colors[0]!.code, mount };
}

/** The preview lists this many windows; the total counts them all. */
const PREVIEW_ROWS = 100;

/** How far an order of many windows has gone: the windows sent so far and what came back. */
interface Progressing {
  done: number;
  total: number;
  addedCount: number;
  totalCents: number;
  failures: number;
  firstFailure: string | null;
}

/**
 * Orders a property's (or one room's, or a selection's) measured windows: each window's ordering
 * size and price, previewed here with the same engine and grids as the configurator; the server
 * prices them again. A window whose schedule names its product is ordered in it. The windows go
 * in requests of WINDOW_ORDER_CHUNK, with a progress bar; if one fails, what was added stays in the
 * cart and the rest can be sent again.
 */
export function WindowOrderDialog({
  propertyId,
  propertyName,
  roomName,
  windowIds = null,
  initial,
  grids,
  onClose,
}: {
  propertyId: string;
  propertyName: string;
  roomName: string | null;
  /** The windows chosen on My Properties; null: every window (of the room). */
  windowIds?: readonly string[] | null;
  initial: WindowOrderChoice;
  grids: PriceGrids | null;
  onClose: () => void;
}) {
  const [windows, setWindows] = useState<Windows>({ kind: 'loading' });
  const [choice, setChoice] = useState<WindowOrderChoice>(initial);
  const [progress, setProgress] = useState<Progressing | null>(null);
  const [adding, setAdding] = useState(false);
  /** The windows a failed request left out: the button sends them again. */
  const [remaining, setRemaining] = useState<string[] | null>(null);
  const [quoting, setQuoting] = useState(false);
  const navigate = useNavigate();
  const series = seriesInfo(choice.family, choice.series ?? '');

  useEffect(() => {
    let current = true;
    const wanted = windowIds ? new Set(windowIds) : null;
    fetchWindows(propertyId, roomName ?? undefined).then(
      (list) =>
        current && setWindows({ kind: 'loaded', windows: wanted ? list.filter((w) => wanted.has(w.id)) : list }),
      () => current && setWindows({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [propertyId, roomName, windowIds]);

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
  const ownProducts = rows.filter(({ window }) => window.product).length;

  async function addAll() {
    const ids = remaining ?? rows.map(({ window }) => window.id);
    const start: Progressing =
      remaining && progress
        ? progress
        : {
            done: 0,
            total: ids.length,
            addedCount: 0,
            totalCents: 0,
            failures: 0,
            firstFailure: null,
          };
    let state = start;
    setAdding(true);
    setRemaining(null);
    setProgress(state);
    const chunks = inChunks(ids, WINDOW_ORDER_CHUNK);
    try {
      for (const [index, chunk] of chunks.entries()) {
        try {
          const result = await orderWindows(propertyId, { ...choice, windowIds: chunk }, { quietly: true });
          state = {
            ...state,
            done: state.done + chunk.length,
            addedCount: state.addedCount + result.addedCount,
            totalCents: state.totalCents + result.totalCents,
            failures: state.failures + result.failures.length,
            firstFailure: state.firstFailure ?? result.failures[0]?.message ?? null,
          };
          setProgress(state);
        } catch (failure) {
          // A part nothing of which could be added ("No items added") names its windows like any other.
          const body = failure instanceof ApiError ? (failure.body as { failures?: Array<{ message: string }> }) : null;
          if (failure instanceof ApiError && failure.status === 400 && body?.failures) {
            state = {
              ...state,
              done: state.done + chunk.length,
              failures: state.failures + body.failures.length,
              firstFailure: state.firstFailure ?? body.failures[0]?.message ?? null,
            };
            setProgress(state);
            continue;
          }
          setRemaining(chunks.slice(index).flat());
          // The server's own words; without an answer, the spec's.
          const message =
            failure instanceof ApiError && failure.status > 0 ? failure.message : 'Failed to create order.';
          toaster.create({ type: 'error', title: message });
          return;
        }
      }
      if (state.addedCount === 0) {
        toaster.create({ type: 'error', title: state.firstFailure ?? 'No items added' });
        return;
      }
      toaster.create({ type: 'success', title: orderAddedMessage(choice.family, state.addedCount, state.totalCents) });
      if (state.failures > 0) {
        toaster.create({
          type: 'warning',
          title: `${state.failures} window(s) could not be added: ${state.firstFailure}`,
        });
      }
      onClose();
    } finally {
      setAdding(false);
      announceCartChanged();
    }
  }

  /** Save as Quote: the windows the preview could price, for an owner to approve before anything is bought. */
  async function saveAsQuote() {
    const lines = rows
      .filter(({ price }) => price?.ok)
      .map(({ window }) => ({ configuration: windowConfiguration(window, choice), roomLabel: roomLabelOf(window) }));
    if (lines.length === 0) {
      toaster.create({ type: 'error', title: 'None of these windows can be priced in this product.' });
      return;
    }
    setQuoting(true);
    try {
      const { quotePropertyWindows } = await import('./property-quote');
      const saved = await quotePropertyWindows(propertyId, lines);
      if (!saved.ok) {
        setQuoting(false);
        toaster.create({ type: 'error', title: saved.message });
        return;
      }
      const { quote } = saved;
      toaster.create(quoteSavedToast(quote));
      navigate(`/account/quotes/${quote.id}`);
    } catch (failure) {
      setQuoting(false);
      const message =
        failure instanceof ApiError && failure.status > 0 && failure.status < 500
          ? failure.message
          : 'Could not save the quote. Please try again.';
      toaster.create({ type: 'error', title: message });
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
          {windowIds
            ? `, ${groupThousands(windowIds.length)} window${windowIds.length === 1 ? '' : 's'} chosen`
            : roomName
              ? `, ${roomName}`
              : ', all rooms'}
        </Text>
      }
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="outline"
            colorPalette="brand"
            disabled={adding || quoting || grids === null || rows.length === 0 || remaining !== null}
            onClick={() => void saveAsQuote()}
          >
            {quoting ? 'Saving...' : 'Save as Quote'}
          </Button>
          <Button colorPalette="brand" disabled={adding || quoting || rows.length === 0} onClick={() => void addAll()}>
            {adding
              ? 'Adding...'
              : remaining
                ? `Add the Remaining ${groupThousands(remaining.length)}`
                : 'Add All to Cart'}
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
          {ownProducts > 0 &&
            ` ${groupThousands(ownProducts)} window${ownProducts === 1 ? '' : 's'} with a product in the schedule ${ownProducts === 1 ? 'is' : 'are'} ordered in it.`}
        </Text>
        {progress && (
          <WorkProgress done={progress.done} total={progress.total} label="Windows added to the cart">
            {remaining
              ? `${groupThousands(progress.addedCount)} of ${groupThousands(progress.total)} windows are in your cart; ${groupThousands(remaining.length)} were not added.`
              : `Adding windows to your cart: ${groupThousands(progress.done)} of ${groupThousands(progress.total)}`}
          </WorkProgress>
        )}
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
                {rows.slice(0, PREVIEW_ROWS).map(({ window, size, price, unitCents }, index) => (
                  <Table.Row key={window.id}>
                    <Table.Cell>{windowPlaceOf(window) || `Window ${index + 1}`}</Table.Cell>
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
        {rows.length > PREVIEW_ROWS && (
          <Text fontSize="sm" color="gray.700">
            Showing the first {PREVIEW_ROWS} of {groupThousands(rows.length)} windows; the total counts them all.
          </Text>
        )}
        {rows.length > 0 &&
          (grids === null ? (
            // Until the grids arrive there is no total to state, and nothing a quote could hold.
            <Flex role="status" gap="2" align="center" justify="end">
              <Spinner size="sm" color="brand.600" />
              <Text>Pricing windows...</Text>
            </Flex>
          ) : (
            <Text fontWeight="semibold" textAlign="end">
              Total: {formatCents(previewTotal)}
            </Text>
          ))}
      </Stack>
    </SiteDialog>
  );
}
