import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { useSetAtom } from 'jotai';
import { memo, useEffect, useRef, useState, type RefObject } from 'react';
import { REQUIREMENT_ERRORS } from '#domain/pricing/errors';
import { formatCents } from '#domain/pricing/money';
import type { PriceResult } from '#domain/pricing/price';
import { bottomBarHeightAtom } from '../../lib/bottom-bar';
import { useYourUnitCents } from '../../lib/buyer-price-list';
import type { GridsState } from './PricingPanel';

/** Chakra's `md` breakpoint: from here up the price sits beside the gallery and needs no bar. */
const DESKTOP_QUERY = '(min-width: 48rem)';

/** True while `target` is on screen; null until it has been observed (and on the server). */
function useOnScreen(target: RefObject<HTMLElement | null>): boolean | null {
  const [onScreen, setOnScreen] = useState<boolean | null>(null);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry!.isIntersecting));
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return onScreen;
}

function usePhoneWidth(): boolean {
  const [phone, setPhone] = useState(false);
  useEffect(() => {
    const desktop = window.matchMedia(DESKTOP_QUERY);
    const update = () => setPhone(!desktop.matches);
    update();
    desktop.addEventListener('change', update);
    return () => desktop.removeEventListener('change', update);
  }, []);
  return phone;
}

function statusText(grids: GridsState, result: PriceResult | null, showRequirements: boolean): string {
  if (grids.status === 'failed') return 'Prices could not be loaded';
  if (grids.status === 'loading' || result === null) return 'Loading prices...';
  if (result.ok) return '';
  if (result.error.code === 'INVALID_ENTRY') return 'Correct the size';
  if (!showRequirements && REQUIREMENT_ERRORS.has(result.error.code)) return 'Choose a size';
  return result.error.title;
}

interface StickyPriceBarProps {
  /** The main Add to Cart: the bar shows only while it is off screen. */
  mainButton: RefObject<HTMLElement | null>;
  grids: GridsState;
  result: PriceResult | null;
  /** The price of the latest change is still being rendered: `result` is the one before it. */
  pending: boolean;
  showRequirements: boolean;
  /** The main button's label, disabled state and handler, so both buttons are one. */
  buttonLabel: string;
  disabled: boolean;
  onAdd: (button: HTMLButtonElement) => void;
}

/**
 * On a phone the price and Add to Cart sit far below the size fields (issue 14): this bar, fixed
 * to the bottom of the screen, carries the live price and the same Add to Cart while the main one
 * is off screen. The price is not a live region here: the price panel already announces it.
 */
export const StickyPriceBar = memo(function StickyPriceBar({
  mainButton,
  grids,
  result,
  pending,
  showRequirements,
  buttonLabel,
  disabled,
  onAdd,
}: StickyPriceBarProps) {
  const mainOnScreen = useOnScreen(mainButton);
  const phone = usePhoneWidth();
  const shown = phone && mainOnScreen === false;
  const bar = useRef<HTMLDivElement>(null);
  const setBarHeight = useSetAtom(bottomBarHeightAtom);
  const yourUnitCents = useYourUnitCents(result);

  // While it shows, the page ends the bar's height lower and the chat launcher stands above it.
  useEffect(() => {
    const element = bar.current;
    if (!shown || !element) return;
    const keepClear = () => {
      document.body.style.paddingBottom = `${element.offsetHeight}px`;
      setBarHeight(element.offsetHeight);
    };
    keepClear();
    const resize = new ResizeObserver(keepClear);
    resize.observe(element);
    return () => {
      resize.disconnect();
      document.body.style.removeProperty('padding-bottom');
      setBarHeight(0);
    };
  }, [shown, setBarHeight]);

  if (!shown) return null;
  const status = statusText(grids, result, showRequirements);
  return (
    <Box
      ref={bar}
      as="section"
      aria-label="Quick add to cart"
      position="fixed"
      insetX="0"
      bottom="0"
      zIndex="sticky"
      bg="white"
      borderTopWidth="1px"
      borderColor="brand.200"
      boxShadow="0 -4px 12px rgba(0, 0, 0, 0.08)"
      px="4"
      py="3"
      pb="calc(0.75rem + env(safe-area-inset-bottom))"
    >
      <Flex align="center" justify="space-between" gap="3">
        {result?.ok ? (
          <Text fontSize="xl" fontWeight="bold" color="brand.800" aria-busy={pending} opacity={pending ? 0.6 : 1}>
            <span data-testid="sticky-price">{formatCents(yourUnitCents ?? result.unitCents)}</span>{' '}
            <Text as="span" fontSize="sm" fontWeight="normal" color="gray.700">
              each
            </Text>
          </Text>
        ) : (
          <Text fontSize="sm" color="gray.700" data-testid="sticky-status">
            {status}
          </Text>
        )}
        <Button
          colorPalette="brand"
          size="lg"
          flexShrink={0}
          disabled={disabled}
          onClick={(event) => onAdd(event.currentTarget)}
        >
          {buttonLabel}
        </Button>
      </Flex>
    </Box>
  );
});
