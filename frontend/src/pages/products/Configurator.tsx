import { Box, Button, Flex, Grid, Heading, Input, Stack, chakra } from '@chakra-ui/react';
import { useAtomValue, useSetAtom } from 'jotai';
import {
  createContext,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router-dom';
import { seriesInfo, type FamilyId } from '#domain/catalogue/families';
import type { PriceGrids } from '#domain/catalogue/grids/types';
import { sellsStandardSizesOnly, standardSizes, type StandardSizes } from '#domain/catalogue/standard-sizes';
import { REQUIREMENT_ERRORS, type PricingErrorCode } from '#domain/pricing/errors';
import { priceConfiguration, type PriceResult } from '#domain/pricing/price';
import { addConfigurationToCart } from '../../api/cart';
import { ApiError } from '../../api/client';
import { toaster } from '../../components/layout/toast-queue';
import { usePageReady } from '../../components/layout/usePageReady';
import { onDemand } from '../../components/layout/useOnDemand';
import { readStorage } from '../../lib/browser-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { whenIdle } from '../../lib/when-idle';
import { measureModalOpenAtom, partnerBuyerAtom } from '../../state';
import { ColorSwatches } from './ColorSwatches';
import { Section } from './ConfiguratorSection';
import { keepConfigurationStash, takeConfigurationStash } from './configuration-stash';
import type { ResumeAction } from './configuration-stash-shape';
import {
  fitToStandardSizes,
  productName,
  quantityFromText,
  readForm,
  type ConfiguratorForm,
  type FormReading,
} from './configurator-form';
import { DimensionsSection } from './DimensionsSection';
import { FamilyOptions } from './FamilyOptions';
import { Gallery } from './Gallery';
import type { AddedToCart } from './MiniCartDrawer';
import { PriceMatchRequest } from './PriceMatchRequest';
import { PricingPanel } from './PricingPanel';
import { ProductFacts } from './ProductFacts';
import { SelectPropertyAndRoom } from './property/SelectPropertyAndRoom';
import { SaveConfigurationDialog } from './SaveConfigurationDialog';
import { StickyPriceBar } from './StickyPriceBar';
import { usePriceGrids } from './usePriceGrids';

/** The configurator gives up on adding to the cart after 10 s. */
const ADD_TO_CART_TIMEOUT_MS = 10_000;

/** The drawer comes with the first item added, not in the product page's first load. */
const useMiniCartDrawer = onDemand(() => import('./MiniCartDrawer').then((module) => module.MiniCartDrawer));

/** The window preview comes with its first opening, not in the product page's first load (decision 0043). */
/** The longest the preview's code waits for an idle moment after hydration before it is fetched anyway. */
const PREVIEW_PRELOAD_WAIT_MS = 10_000;
const useWindowPreviewDialog = onDemand(() =>
  import('./window-preview/WindowPreviewDialog').then((module) => module.WindowPreviewDialog),
);

/** "Did you swap width and height?": its code and the customer's windows come once a signed-in customer enters a size. */
const useSwapSizeQuestion = onDemand(() => import('./SwapSizeQuestion').then((module) => module.SwapSizeQuestion));

/** Errors about the size itself: the button reads Size Not Available and stays disabled. */
const SIZE_ERRORS: ReadonlySet<PricingErrorCode> = new Set([
  'INVALID_SIZE',
  'SIZE_NOT_AVAILABLE',
  'NO_MATCHING_SIZE',
  'PRICE_NOT_COMPUTABLE',
  'NO_PRICING_DATA',
]);

/** The configuration a form prices as: its reading, and the price (null until the grids load). */
function priceForm(
  family: FamilyId,
  series: string,
  form: ConfiguratorForm,
  grids: PriceGrids | null,
): { reading: FormReading; result: PriceResult | null } {
  const reading = readForm(family, series, form);
  if (!reading.ok) return { reading, result: { ok: false, error: reading.error } };
  return { reading, result: grids ? priceConfiguration(reading.configuration, grids) : null };
}

/** True while the price shown is still that of the form before its latest change. */
const PricePendingContext = createContext(false);

/**
 * The price's live region, dimmed and busy while the latest change is being priced, so a price about to
 * change is never passed off as current. It reads the context so that it alone re-renders when that starts or ends.
 */
function PriceRegion({ children }: { children: ReactNode }) {
  const pending = useContext(PricePendingContext);
  return (
    <Box aria-live="polite" aria-busy={pending} opacity={pending ? 0.6 : 1}>
      {children}
    </Box>
  );
}

/** One configurator for every family: what differs comes from the catalogue and the pricing engine. */
export function Configurator({
  family,
  series,
  initial,
}: {
  family: FamilyId;
  series: string;
  initial: ConfiguratorForm;
}) {
  const [form, setForm] = useState(initial);
  // The inputs show a keystroke or a choice at once; what is read from the form (the price, the gallery,
  // the dialogs) follows in a render of lower priority, so the browser paints the input first (issue 31).
  const settledForm = useDeferredValue(form);
  const pricePending = settledForm !== form;
  // What a press acts on: the form as it stands, even while its price is still being rendered.
  const latestForm = useRef(form);
  latestForm.current = form;
  const [adding, setAdding] = useState(false);
  const [triedToAdd, setTriedToAdd] = useState(false);
  const [roomLabel, setRoomLabel] = useState<string | null>(null);
  const [resume, setResume] = useState<ResumeAction | null>(null);
  const [added, setAdded] = useState<AddedToCart | null>(null);
  const mainAddButton = useRef<HTMLButtonElement>(null);
  // The Add to Cart pressed (the main one or the sticky bar's), where focus returns from the mini cart.
  const pressedAddButton = useRef<HTMLButtonElement | null>(null);
  const { pathname } = useLocation();
  const hydrated = usePageReady();
  const { state: gridsState, grids, retry } = usePriceGrids();
  const MiniCartDrawer = useMiniCartDrawer(added !== null, () => {
    // The item is in the cart all the same: the spec's toast says so instead of the drawer.
    toaster.create({ type: 'success', title: `${productName(family, series)} added to your cart.` });
    setAdded(null);
  });
  const [previewOpen, setPreviewOpen] = useState(false);
  const WindowPreviewDialog = useWindowPreviewDialog(previewOpen, () => {
    setPreviewOpen(false);
    toaster.create({ type: 'error', title: 'Failed to load the window preview. Please try again.' });
  });
  // Fetched once the page is idle, outside the first load, so the preview also opens on a phone that has since gone offline.
  useEffect(
    () => (hydrated ? whenIdle(useWindowPreviewDialog.preload, PREVIEW_PRELOAD_WAIT_MS) : undefined),
    [hydrated],
  );
  // Wanted once the inches of a size are typed (the page opens on the series' default size).
  const SwapSizeQuestion = useSwapSizeQuestion(
    (form.widthText !== initial.widthText || form.lengthText !== initial.lengthText) &&
      !!readStorage('local', STORAGE_KEYS.clientId),
    () => undefined,
  );
  const openMeasureModal = useSetAtom(measureModalOpenAtom);
  const partner = useAtomValue(partnerBuyerAtom);
  const widthId = useId();
  const lengthId = useId();
  const colorsId = useId();
  const quantityId = useId();
  const info = seriesInfo(family, series);

  // Stable, with the colour's below, so the swatches, gallery and facts (memo) skip the re-render of
  // every keystroke in a size field that does not change them.
  const update = useCallback(
    (change: Partial<ConfiguratorForm>) => setForm((current) => ({ ...current, ...change })),
    [],
  );
  const chooseColor = useCallback((color: string) => update({ color }), [update]);

  // Back from signing in: the guest's form, restored once after hydration (the prerendered page has
  // the defaults), and what they had pressed, reopened now that they are a client. The stash is
  // taken at once and its schema downloaded; applied if this is still the page it was taken for
  // (not cancelled on clean-up: StrictMode's second run finds the stash already taken).
  const stashTakenFor = useRef('');
  useEffect(() => {
    if (!hydrated) return;
    const page = `${pathname} ${family} ${series}`;
    stashTakenFor.current = page;
    takeConfigurationStash(pathname, { family, series }, Date.now()).then(
      (stash) => {
        if (!stash || stashTakenFor.current !== page) return;
        setForm(stash.form);
        if (readStorage('local', STORAGE_KEYS.clientId)) setResume(stash.resume);
      },
      () => undefined,
    );
  }, [hydrated, pathname, family, series]);

  const keepForSignIn = useMemo(() => {
    const keep = (action: ResumeAction) => () =>
      keepConfigurationStash(pathname, {
        family,
        series,
        form: latestForm.current,
        resume: action,
        savedAt: Date.now(),
      });
    return { priceMatch: keep('priceMatch'), save: keep('save'), property: keep('property') };
  }, [pathname, family, series]);

  const standardOnly = sellsStandardSizesOnly(family);
  const sizes: StandardSizes | null = useMemo(
    () => (grids && sellsStandardSizesOnly(family) ? standardSizes(family, series, form.color, grids) : null),
    [family, series, form.color, grids],
  );
  // When the offered sizes change (the grids arrive, another colour group), the chosen size follows
  // them before this render is shown, so no price flashes for a size the grid does not offer.
  const [fittedTo, setFittedTo] = useState<StandardSizes | null>(null);
  if (sizes && sizes !== fittedTo && sellsStandardSizesOnly(family)) {
    setFittedTo(sizes);
    setForm((current) => fitToStandardSizes(current, family, series, sizes));
  }
  const { reading, result } = useMemo(
    () => priceForm(family, series, settledForm, grids),
    [family, series, settledForm, grids],
  );

  const error = result && !result.ok ? result.error : null;
  // A size or colour not chosen yet is no fault until the customer tries to add without it.
  const shownError = error && REQUIREMENT_ERRORS.has(error.code) && !triedToAdd ? null : error;
  const sizeUnavailable = error !== null && SIZE_ERRORS.has(error.code);
  // Until the page has read its address (usePageReady), this is the prerendered default blind, about to be
  // replaced by the one the link asks for: an add now would put the wrong blind in the cart.
  const blocked =
    !hydrated || gridsState.status !== 'ready' || sizeUnavailable || (result?.ok === true && result.unitCents === 0);
  const addButtonLabel = adding ? 'Adding...' : sizeUnavailable ? 'Size Not Available' : 'Add to Cart';

  // Stable, so the sticky bar (memo) skips the renders of keystrokes; it prices the form as it stands.
  const addToCart = useCallback(
    async (button: HTMLButtonElement) => {
      pressedAddButton.current = button;
      const { reading, result } = priceForm(family, series, latestForm.current, grids);
      if (!reading.ok || !result || !result.ok) {
        const error = result && !result.ok ? result.error : null;
        if (error) {
          setTriedToAdd(true);
          toaster.create({ type: 'error', title: error.title, description: error.message });
          const fieldId =
            error.field === 'color'
              ? colorsId
              : error.field === 'length'
                ? lengthId
                : error.field === 'width'
                  ? widthId
                  : null;
          if (fieldId)
            document.getElementById(fieldId)?.querySelector<HTMLElement>('input:checked, input, select')?.focus();
        }
        return;
      }
      setAdding(true);
      try {
        const cart = await addConfigurationToCart(reading.configuration, {
          timeoutMs: ADD_TO_CART_TIMEOUT_MS,
          roomLabel: roomLabel ?? undefined,
        });
        setAdded({ cart, configuration: reading.configuration, roomLabel });
      } catch (failure) {
        const timedOut = failure instanceof ApiError && failure.kind === 'timeout';
        toaster.create({
          type: 'error',
          title: timedOut
            ? 'Request timed out. Please try again.'
            : 'Could not add item to cart. Please try again later.',
        });
      } finally {
        setAdding(false);
      }
    },
    [family, series, grids, roomLabel, colorsId, lengthId, widthId],
  );
  const roomChoice = useMemo(
    () => ({ family, series, colorCode: settledForm.color ?? info.colors[0]!.code, mount: settledForm.mount }),
    [family, series, settledForm.color, settledForm.mount, info],
  );
  const priceMatch = useMemo(
    () =>
      // A procurement partner buys at their contract's prices and never signs in.
      !partner &&
      result?.ok && (
        <PriceMatchRequest
          reading={reading}
          ourUnitCents={result.unitCents}
          onSignInRequired={keepForSignIn.priceMatch}
          reopen={resume === 'priceMatch'}
        />
      ),
    [partner, result, reading, keepForSignIn, resume],
  );

  // Built again only when what they show changes: React skips an element it has seen, so a keystroke in
  // a size field does not re-render the gallery, the colours or the price box's buttons and dialogs.
  const galleryAndFacts = useMemo(
    () => (
      <>
        <Box gridArea="gallery">
          <Gallery family={family} series={series} color={settledForm.color} opacity={settledForm.opacity} />
          <Button variant="outline" colorPalette="brand" w="full" mt="3" onClick={() => setPreviewOpen(true)}>
            See it in your window
          </Button>
        </Box>
        <Box gridArea="facts">
          <ProductFacts family={family} />
        </Box>
      </>
    ),
    [family, series, settledForm.color, settledForm.opacity],
  );
  const colorSection = useMemo(
    () => (
      <Section title="Color Options">
        <ColorSwatches
          id={colorsId}
          family={family}
          colors={info.colors}
          value={form.color}
          invalid={shownError?.code === 'COLOR_NOT_SELECTED'}
          onChange={chooseColor}
        />
      </Section>
    ),
    [colorsId, family, info.colors, form.color, shownError?.code, chooseColor],
  );
  const priceSection = useMemo(
    () => (
      <Box
        as="section"
        aria-label="Price"
        borderWidth="1px"
        borderColor="brand.200"
        rounded="xl"
        p="5"
        bg="white"
        boxShadow="sm"
      >
        <Heading as="h2" size="md" color="brand.800" mb="3">
          Your price
        </Heading>
        <PriceRegion>
          <PricingPanel
            grids={gridsState}
            result={result}
            showRequirements={triedToAdd}
            onRetry={retry}
            priceMatch={priceMatch}
          />
        </PriceRegion>
        <Flex gap="3" mt="5" align="flex-end" wrap="wrap">
          <Box w="24">
            <chakra.label htmlFor={quantityId} display="block" fontWeight="semibold" fontSize="sm" mb="1.5">
              Quantity
            </chakra.label>
            <Input
              id={quantityId}
              type="number"
              min={1}
              bg="white"
              value={form.quantityText}
              onChange={(event) => update({ quantityText: event.target.value })}
              onBlur={() => update({ quantityText: String(quantityFromText(form.quantityText)) })}
            />
          </Box>
          <Button
            ref={mainAddButton}
            colorPalette="brand"
            size="lg"
            flex="1"
            minW="48"
            disabled={blocked || adding}
            onClick={(event) => addToCart(event.currentTarget)}
          >
            {addButtonLabel}
          </Button>
        </Flex>
        {!partner && (
          <Button variant="outline" colorPalette="oak" w="full" mt="3" onClick={() => openMeasureModal(true)}>
            Free consultation: we measure for you
          </Button>
        )}
        <SaveConfigurationDialog reading={reading} onSignInRequired={keepForSignIn.save} reopen={resume === 'save'} />
        <SelectPropertyAndRoom
          roomLabel={roomLabel}
          onRoomLabelChange={setRoomLabel}
          choice={roomChoice}
          grids={grids}
          onSignIn={keepForSignIn.property}
          reopen={resume === 'property'}
        />
      </Box>
    ),
    [
      addButtonLabel,
      addToCart,
      adding,
      blocked,
      form.quantityText,
      grids,
      gridsState,
      keepForSignIn,
      openMeasureModal,
      partner,
      priceMatch,
      quantityId,
      reading,
      result,
      resume,
      retry,
      roomChoice,
      roomLabel,
      triedToAdd,
      update,
    ],
  );

  return (
    // One column on a phone: gallery, configurator, then the product facts. Two on a desktop: the
    // facts under the gallery, the configurator beside both.
    <PricePendingContext value={pricePending}>
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }}
        templateRows={{ lg: 'auto 1fr' }}
        templateAreas={{ base: '"gallery" "configurator" "facts"', lg: '"gallery configurator" "facts configurator"' }}
        columnGap="10"
        rowGap={{ base: '6', lg: '5' }}
        alignItems="start"
      >
        {galleryAndFacts}

        <Stack gap="6" gridArea="configurator">
          <DimensionsSection
            family={family}
            form={form}
            update={update}
            sizes={standardOnly ? sizes : undefined}
            widthId={widthId}
            lengthId={lengthId}
            error={error}
            shownError={shownError}
            SwapSizeQuestion={SwapSizeQuestion}
          />

          {colorSection}

          <Section title="Customization Options">
            <FamilyOptions family={family} series={series} form={form} update={update} />
          </Section>

          {priceSection}
        </Stack>
        <StickyPriceBar
          mainButton={mainAddButton}
          grids={gridsState}
          result={result}
          pending={pricePending}
          showRequirements={triedToAdd}
          buttonLabel={addButtonLabel}
          disabled={blocked || adding}
          onAdd={addToCart}
        />
        {WindowPreviewDialog && (
          <WindowPreviewDialog
            open={previewOpen}
            onClose={() => setPreviewOpen(false)}
            family={family}
            series={series}
            color={form.color}
            opacity={form.opacity}
            onColorChange={chooseColor}
          />
        )}
        {MiniCartDrawer && (
          <MiniCartDrawer
            added={added}
            onClose={() => setAdded(null)}
            returnFocusTo={() =>
              pressedAddButton.current?.isConnected ? pressedAddButton.current : mainAddButton.current
            }
          />
        )}
      </Grid>
    </PricePendingContext>
  );
}
