import { Box, chakra, useSlotRecipe } from '@chakra-ui/react';
import { tabsSlotRecipe } from '@chakra-ui/react/theme';
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

/**
 * A family's series tabs: the WAI-ARIA tabs pattern on plain elements, in Chakra's tabs recipe
 * (enclosed), without zag's tabs machine, which no other page's first load needs (decision 0026).
 * Arrow keys, Home and End move between the tabs and choose as they go, as Chakra's tabs did; only
 * the chosen series' panel holds `children`.
 */
export function SeriesTabs({
  label,
  series,
  value,
  onChange,
  children,
}: {
  label: string;
  series: readonly { id: string; label: string }[];
  value: string;
  onChange: (series: string) => void;
  children: ReactNode;
}) {
  const baseId = useId();
  // By the recipe itself: no Tabs component module loads to bring it (decision 0030).
  const styles = useSlotRecipe({ recipe: tabsSlotRecipe })({ variant: 'enclosed', size: 'md' });
  const tabs = useRef(new Map<string, HTMLButtonElement>());
  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  function moveWithKeys(event: KeyboardEvent) {
    // From the focused tab, not the chosen one: the choice may still be rendering.
    const index = series.findIndex((s) => tabs.current.get(s.id) === event.target);
    if (index < 0) return;
    const last = series.length - 1;
    const next = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = series[next]!.id;
    tabs.current.get(target)?.focus();
    // Whether the key moved to another tab, not whether it differs from `value`: a key pressed before
    // the last choice has rendered (a busy phone) would compare with the series before it and be lost.
    if (next !== index) onChange(target);
  }

  return (
    <chakra.div css={styles.root} data-orientation="horizontal" colorPalette="brand">
      <Box overflowX="auto" mb="6">
        <chakra.div
          role="tablist"
          aria-label={label}
          aria-orientation="horizontal"
          data-orientation="horizontal"
          css={styles.list}
          onKeyDown={moveWithKeys}
        >
          {series.map((s) => (
            <chakra.button
              key={s.id}
              ref={(element: HTMLButtonElement | null) => {
                if (element) tabs.current.set(s.id, element);
                else tabs.current.delete(s.id);
              }}
              type="button"
              role="tab"
              id={tabId(s.id)}
              aria-selected={s.id === value}
              aria-controls={panelId(s.id)}
              tabIndex={s.id === value ? 0 : -1}
              data-orientation="horizontal"
              css={styles.trigger}
              whiteSpace="nowrap"
              onClick={() => s.id !== value && onChange(s.id)}
            >
              {s.label}
            </chakra.button>
          ))}
        </chakra.div>
      </Box>
      {series.map((s) => (
        <chakra.div
          key={s.id}
          role="tabpanel"
          id={panelId(s.id)}
          aria-labelledby={tabId(s.id)}
          tabIndex={0}
          hidden={s.id !== value}
          focusVisibleRing="inside"
        >
          {s.id === value && children}
        </chakra.div>
      ))}
    </chakra.div>
  );
}
