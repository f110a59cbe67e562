import { Box, chakra } from '@chakra-ui/react';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { Point } from './perspective';
import type { Corners } from './window-photo';

/** The handles' names, in the corners' order. */
const CORNER_NAMES = ['Top-left corner', 'Top-right corner', 'Bottom-right corner', 'Bottom-left corner'] as const;

/** An arrow key moves a corner by this share of the photo's width or height; with Shift, by ten times as much. */
const KEY_STEP = 0.005;

const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

const clamp = (share: number) => Math.min(1, Math.max(0, share));

/**
 * Four handles over the photo, one on each corner the blind is drawn to, and the outline between
 * them. A handle follows a pointer (mouse, pen or finger) while it is pressed, and the arrow keys
 * when it has focus (Shift for bigger steps); it stays on the photo.
 */
export function CornerHandles({
  corners,
  onChange,
  describedBy,
}: {
  corners: Corners;
  onChange: (corners: Corners) => void;
  describedBy: string;
}) {
  const area = useRef<HTMLDivElement>(null);

  const move = (index: number, to: Point) => {
    const moved: [Point, Point, Point, Point] = [...corners];
    moved[index] = { x: clamp(to.x), y: clamp(to.y) };
    onChange(moved);
  };

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
  };
  const onPointerMove = (index: number) => (event: PointerEvent<HTMLButtonElement>) => {
    const box = area.current?.getBoundingClientRect();
    if (!box || !event.currentTarget.hasPointerCapture(event.pointerId)) return;
    move(index, { x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height });
  };
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const arrow = ARROWS[event.key];
    if (!arrow) return;
    event.preventDefault();
    const step = event.shiftKey ? KEY_STEP * 10 : KEY_STEP;
    const corner = corners[index]!;
    move(index, { x: corner.x + arrow.x * step, y: corner.y + arrow.y * step });
  };

  const outline = corners.map((corner) => `${corner.x},${corner.y}`).join(' ');
  return (
    <Box ref={area} position="absolute" inset="0">
      <svg
        viewBox="0 0 1 1"
        preserveAspectRatio="none"
        aria-hidden="true"
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
      >
        <polygon points={outline} fill="none" stroke="#ffffff" strokeWidth="3" vectorEffect="non-scaling-stroke" />
        <polygon
          points={outline}
          fill="none"
          stroke="#25606f"
          strokeWidth="1.5"
          strokeDasharray="6 4"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      {corners.map((corner, index) => (
        <chakra.button
          key={CORNER_NAMES[index]}
          type="button"
          aria-label={CORNER_NAMES[index]}
          aria-describedby={describedBy}
          position="absolute"
          left={`${corner.x * 100}%`}
          top={`${corner.y * 100}%`}
          transform="translate(-50%, -50%)"
          w="11"
          h="11"
          display="flex"
          alignItems="center"
          justifyContent="center"
          rounded="full"
          bg="transparent"
          cursor="grab"
          touchAction="none"
          _focusVisible={{ outline: '3px solid', outlineColor: 'brand.500' }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove(index)}
          onKeyDown={onKeyDown(index)}
        >
          <Box w="5" h="5" rounded="full" bg="white" borderWidth="3px" borderColor="brand.600" boxShadow="md" />
        </chakra.button>
      ))}
    </Box>
  );
}
