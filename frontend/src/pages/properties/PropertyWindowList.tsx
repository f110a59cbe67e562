import { Box, Button, Checkbox, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { colorName, formatSize, lineTitle } from '#domain/cart/line';
import { FAMILIES, findColor, seriesInfo } from '#domain/catalogue/families';
import type { WindowProduct } from '#domain/properties/property';
import { orderingSize } from '#domain/properties/window-order';
import { groupThousands } from '#domain/thousands';
import type { PropertyWindow } from '../../api/properties';

/** Up to this many windows every unit is shown open; a larger property opens a unit at a time. */
const OPEN_UP_TO = 30;

/** 'Wood Blinds: Smooth, Pure White': the product a window's schedule names. */
function productText(product: WindowProduct): string {
  const series = seriesInfo(product.family, product.series);
  const color = findColor(product.family, product.series, product.colorCode)?.name ?? product.colorCode;
  return `${FAMILIES[product.family].name}: ${series.label}, ${color}`;
}

const inches = (value: number) => formatSize({ inches: Math.floor(value), eighths: Math.round((value % 1) * 8) });

interface Numbered {
  window: PropertyWindow;
  /** Its place in the property's list, from 1: "Window 12". */
  number: number;
}

interface Group {
  key: string;
  name: string;
  windows: Numbered[];
}

function groupName(window: PropertyWindow): string {
  const building = window.building ?? '';
  const unit = window.unit ?? '';
  if (building && unit) return `Building ${building}, Unit ${unit}`;
  if (unit) return `Unit ${unit}`;
  if (building) return `Building ${building}`;
  return 'Other windows';
}

const naturally = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });

/** A multi-family property's windows by building and unit, in natural order (Unit 9 before Unit 10). */
function groupsOf(windows: readonly Numbered[]): Group[] {
  const groups = new Map<string, Group & { building: string; unit: string }>();
  for (const numbered of windows) {
    const { building = '', unit = '' } = numbered.window;
    const key = `${building}\u0000${unit}`;
    const group = groups.get(key) ?? { key, name: groupName(numbered.window), building, unit, windows: [] };
    group.windows.push(numbered);
    groups.set(key, group);
  }
  return [...groups.values()].sort(
    (a, b) =>
      naturally(a.building || '\uffff', b.building || '\uffff') || naturally(a.unit || '\uffff', b.unit || '\uffff'),
  );
}

type Checked = boolean | 'indeterminate';

function checkedOf(ids: readonly string[], selected: ReadonlySet<string>): Checked {
  const count = ids.filter((id) => selected.has(id)).length;
  return count === 0 ? false : count === ids.length ? true : 'indeterminate';
}

/**
 * A property's measured windows, to choose from: all of them, a unit (or building) at a time, or one
 * by one; the chosen ones are ordered in a product chosen for them, or ordered again as each was
 * last ordered. A property with buildings or units lists them by unit; a large one opens a unit at
 * a time, so a 2,000-window schedule is a list of units, not of windows.
 */
export function PropertyWindowList({
  windows,
  busy,
  onEdit,
  onRemove,
  onOrder,
  onReorder,
}: {
  windows: PropertyWindow[];
  busy: boolean;
  onEdit: (window: PropertyWindow) => void;
  onRemove: (window: PropertyWindow, name: string) => void;
  onOrder: (windowIds: string[]) => void;
  onReorder: (windowIds: string[]) => void;
}) {
  const numbered = useMemo(() => windows.map((window, index) => ({ window, number: index + 1 })), [windows]);
  const grouped = windows.some((window) => window.building || window.unit);
  const groups = useMemo(() => (grouped ? groupsOf(numbered) : []), [grouped, numbered]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  /** The units shown otherwise than by default (open up to OPEN_UP_TO windows, closed beyond). */
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const openByDefault = windows.length <= OPEN_UP_TO;
  const allIds = numbered.map(({ window }) => window.id);
  const chosen = allIds.filter((id) => selected.has(id));
  const chosenOrderedBefore = numbered.some(({ window }) => selected.has(window.id) && window.lastOrder);

  const choose = (ids: readonly string[], checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  function windowItem({ window, number }: Numbered) {
    const inside = orderingSize(window, 'inside');
    const name = `Window ${number}${window.label ? ` (${window.label})` : ''}`;
    return (
      <Box as="li" key={window.id} borderWidth="1px" borderColor="gray.200" rounded="md" p="3">
        <Flex justify="space-between" gap="2" wrap="wrap">
          <Flex gap="3" align="flex-start" minW="0">
            <Checkbox.Root
              colorPalette="brand"
              mt="1"
              checked={selected.has(window.id)}
              onCheckedChange={(details) => choose([window.id], details.checked === true)}
            >
              <Checkbox.HiddenInput aria-label={`Select window ${number}`} />
              <Checkbox.Control />
            </Checkbox.Root>
            <Box minW="0">
              <Text fontWeight="semibold">
                Window {number}
                {window.label ? `: ${window.label}` : ''} {window.roomName ? `(${window.roomName})` : ''}
              </Text>
              <Text fontSize="sm" color="gray.700">
                Widths {inches(window.widthTop)} / {inches(window.widthMiddle)} / {inches(window.widthBottom)}, height{' '}
                {inches(window.height)}
              </Text>
              <Text fontSize="sm" color="gray.700">
                Inside mount orders {formatSize(inside.width)} x {formatSize(inside.length)}
                {window.product ? ` · In the schedule: ${productText(window.product)}` : ''}
              </Text>
              {window.lastOrder && (
                <Text fontSize="sm" color="gray.700">
                  Last ordered in {window.lastOrder.orderNumber}: {lineTitle(window.lastOrder.configuration)},{' '}
                  {colorName(window.lastOrder.configuration)}, {formatSize(window.lastOrder.configuration.width)} x{' '}
                  {formatSize(window.lastOrder.configuration.length)}
                </Text>
              )}
            </Box>
          </Flex>
          <HStack gap="1" wrap="wrap">
            {window.lastOrder && (
              <Button
                size="sm"
                variant="outline"
                colorPalette="brand"
                disabled={busy}
                aria-label={`Order window ${number} again`}
                onClick={() => onReorder([window.id])}
              >
                Order Again
              </Button>
            )}
            <Button size="sm" variant="outline" aria-label={`Edit window ${number}`} onClick={() => onEdit(window)}>
              Edit
            </Button>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              disabled={busy}
              aria-label={`Remove window ${number}`}
              onClick={() => onRemove(window, name)}
            >
              Remove
            </Button>
          </HStack>
        </Flex>
      </Box>
    );
  }

  return (
    <Stack gap="3">
      <Flex
        gap="3"
        align="center"
        wrap="wrap"
        borderWidth="1px"
        borderColor="brand.200"
        rounded="md"
        p="3"
        bg="brand.50"
      >
        <Checkbox.Root
          colorPalette="brand"
          checked={checkedOf(allIds, selected)}
          onCheckedChange={(details) => choose(allIds, details.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Select all {groupThousands(allIds.length)} windows</Checkbox.Label>
        </Checkbox.Root>
        <Text fontSize="sm" role="status">
          {groupThousands(chosen.length)} selected
        </Text>
        <Flex gap="2" wrap="wrap" ml={{ md: 'auto' }}>
          <Button size="sm" colorPalette="brand" disabled={busy} onClick={() => onOrder(allIds)}>
            Order All Windows
          </Button>
          <Button
            size="sm"
            variant="outline"
            colorPalette="brand"
            disabled={busy || chosen.length === 0}
            onClick={() => onOrder(chosen)}
          >
            Order Selected
          </Button>
          <Button
            size="sm"
            variant="outline"
            colorPalette="brand"
            disabled={busy || !chosenOrderedBefore}
            onClick={() => onReorder(chosen)}
          >
            Order Selected Again
          </Button>
        </Flex>
      </Flex>
      {!grouped ? (
        <Stack as="ul" gap="2" listStyleType="none">
          {numbered.map(windowItem)}
        </Stack>
      ) : (
        <Stack as="ul" gap="2" listStyleType="none" aria-label="Units">
          {groups.map((group) => {
            const ids = group.windows.map(({ window }) => window.id);
            const isOpen = toggled.has(group.key) !== openByDefault;
            const listId = `windows-${ids[0]}`;
            return (
              <Box as="li" key={group.key} borderWidth="1px" borderColor="brand.100" rounded="md" p="2">
                <Flex gap="3" align="center" wrap="wrap">
                  <Checkbox.Root
                    colorPalette="brand"
                    checked={checkedOf(ids, selected)}
                    onCheckedChange={(details) => choose(ids, details.checked === true)}
                  >
                    <Checkbox.HiddenInput aria-label={`Select ${group.name}`} />
                    <Checkbox.Control />
                  </Checkbox.Root>
                  <Text fontWeight="semibold">{group.name}</Text>
                  <Text fontSize="sm" color="gray.700">
                    {ids.length === 1 ? '1 window' : `${ids.length} windows`}
                  </Text>
                  <HStack gap="1" ml="auto" wrap="wrap">
                    {group.windows.some(({ window }) => window.lastOrder) && (
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="brand"
                        disabled={busy}
                        aria-label={`Order ${group.name} again`}
                        onClick={() => onReorder(ids)}
                      >
                        Order Again
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="ghost"
                      aria-expanded={isOpen}
                      aria-controls={listId}
                      aria-label={`${isOpen ? 'Hide' : 'Show'} the windows of ${group.name}`}
                      onClick={() =>
                        setToggled((current) => {
                          const next = new Set(current);
                          if (next.has(group.key)) next.delete(group.key);
                          else next.add(group.key);
                          return next;
                        })
                      }
                    >
                      {isOpen ? 'Hide' : 'Show'}
                    </Button>
                  </HStack>
                </Flex>
                {isOpen && (
                  <Stack as="ul" id={listId} gap="2" listStyleType="none" mt="2">
                    {group.windows.map(windowItem)}
                  </Stack>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
