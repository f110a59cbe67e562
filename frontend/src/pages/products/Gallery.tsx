import { Box, HStack, IconButton } from '@chakra-ui/react';
import { memo, useState, type KeyboardEvent } from 'react';
import { FAMILIES, type FamilyId, type RollerOpacity } from '#domain/catalogue/families';
import { BlindIllustration } from '../../components/illustration/BlindIllustration';
import {
  blindLook,
  detailLabel,
  type BlindDetailView,
  type BlindPosition,
} from '../../components/illustration/blind-look';
import { onDemand } from '../../components/layout/useOnDemand';

/** The six pictures: the blind in the room closed, open and raised (or drawn) halfway, and three close-ups of it. */
type Slide = { position: BlindPosition } | { detail: BlindDetailView };
const SLIDES: readonly Slide[] = [
  { position: 'closed' },
  { position: 'open' },
  { detail: 'closeUp' },
  { position: 'halfway' },
  { detail: 'samples' },
  { detail: 'headRail' },
];

/** The close-ups come when the gallery is first used (pointed at, focused, or moved on), not with the page. */
const useBlindDetail = onDemand(() =>
  import('../../components/illustration/BlindDetail').then((module) => module.BlindDetail),
);

/**
 * Six slides with previous/next buttons, dots, and the arrow keys once the gallery has focus. Every
 * picture is the blind being configured, drawn in its series, colour, material and opacity as they
 * change.
 */
export const Gallery = memo(function Gallery({
  family,
  series,
  color,
  opacity,
}: {
  family: FamilyId;
  series: string;
  color: string | null;
  opacity: RollerOpacity;
}) {
  const look = blindLook(family, series, color, opacity);
  const alts = SLIDES.map((slide) =>
    'detail' in slide
      ? detailLabel(look, slide.detail)
      : blindLook(family, series, color, opacity, slide.position).label,
  );
  const count = alts.length;
  const [index, setIndex] = useState(0);
  const [used, setUsed] = useState(false);
  const slide = SLIDES[index]!;
  // A download that failed is tried again when the gallery is next pointed at or focused.
  const BlindDetail = useBlindDetail(used || 'detail' in slide, () => setUsed(false));
  const show = (next: number) => setIndex((next + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') show(index - 1);
    else if (event.key === 'ArrowRight') show(index + 1);
    else return;
    event.preventDefault();
  };

  return (
    <Box
      as="section"
      aria-roledescription="carousel"
      aria-label={`${FAMILIES[family].name} photos`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerEnter={() => setUsed(true)}
      onFocus={() => setUsed(true)}
      rounded="xl"
      _focusVisible={{ outline: '3px solid', outlineColor: 'brand.500' }}
    >
      <Box position="relative" rounded="xl" overflow="hidden" bg="oak.50" borderWidth="1px" borderColor="gray.200">
        <Box aria-live="polite" aspectRatio={4 / 3}>
          {'position' in slide ? (
            <BlindIllustration
              family={family}
              series={series}
              color={color}
              opacity={opacity}
              position={slide.position}
            />
          ) : BlindDetail ? (
            <BlindDetail family={family} series={series} color={color} opacity={opacity} view={slide.detail} />
          ) : (
            // Named at once, drawn when its code has come.
            <Box role="img" aria-label={alts[index]} h="full" />
          )}
        </Box>
        <IconButton
          aria-label="Previous image"
          position="absolute"
          left="2"
          top="50%"
          transform="translateY(-50%)"
          rounded="full"
          variant="solid"
          bg="whiteAlpha.900"
          color="gray.800"
          size="sm"
          onClick={() => show(index - 1)}
        >
          <span aria-hidden="true">‹</span>
        </IconButton>
        <IconButton
          aria-label="Next image"
          position="absolute"
          right="2"
          top="50%"
          transform="translateY(-50%)"
          rounded="full"
          variant="solid"
          bg="whiteAlpha.900"
          color="gray.800"
          size="sm"
          onClick={() => show(index + 1)}
        >
          <span aria-hidden="true">›</span>
        </IconButton>
      </Box>
      <HStack justify="center" gap="0" mt="2">
        {alts.map((alt, n) => (
          <Box
            as="button"
            key={n}
            aria-label={`Show image ${n + 1} of ${count}: ${alt}`}
            aria-current={n === index ? 'true' : undefined}
            onClick={() => show(n)}
            p="2"
            cursor="pointer"
            bg="transparent"
          >
            <Box w="2.5" h="2.5" rounded="full" bg={n === index ? 'brand.600' : 'gray.300'} />
          </Box>
        ))}
      </HStack>
    </Box>
  );
});
