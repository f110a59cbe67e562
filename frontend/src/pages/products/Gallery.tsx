import { Box, HStack, IconButton, Image } from '@chakra-ui/react';
import { useState, type KeyboardEvent } from 'react';
import { FAMILIES, type FamilyId, type RollerOpacity } from '../../../../domain/catalogue/families';
import { BlindIllustration } from '../../components/illustration/BlindIllustration';
import { blindLook, type BlindPosition } from '../../components/illustration/blind-look';

/** What the photos after the live pictures show, in the order of `FAMILIES[family].images` from its third. */
function photoAlts(family: FamilyId): string[] {
  const name = FAMILIES[family].name;
  const detail: Record<FamilyId, string> = {
    'faux-wood-blinds': 'close-up of the 2-inch slats',
    'wood-blinds': 'close-up of the 2-inch wood slats',
    'roller-shades': 'close-up of the woven fabric',
    'vertical-blinds': 'close-up of the 3.5-inch vanes',
    'mini-blinds': 'close-up of the 1-inch slats',
  };
  return [`${name}, ${detail[family]}`, `${name} raised halfway`, `${name} colour samples fanned out`, `${name} head rail and wand`];
}

/** The first slides: the blind being configured, drawn closed, then open, in place of the family's first two photos. */
const LIVE_POSITIONS: readonly BlindPosition[] = ['closed', 'open'];

/**
 * Six slides with previous/next buttons, dots, and the arrow keys once the gallery has focus. The
 * first two are the blind being configured, closed and open, drawn in its series, colour and
 * opacity as they change; the others are the family's photos.
 */
export function Gallery({ family, series, color, opacity }: { family: FamilyId; series: string; color: string | null; opacity: RollerOpacity }) {
  const photos = FAMILIES[family].images.slice(LIVE_POSITIONS.length);
  const alts = [...LIVE_POSITIONS.map((position) => blindLook(family, series, color, opacity, position).label), ...photoAlts(family)];
  const count = alts.length;
  const [index, setIndex] = useState(0);
  const show = (next: number) => setIndex((next + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') show(index - 1);
    else if (event.key === 'ArrowRight') show(index + 1);
    else return;
    event.preventDefault();
  };

  return (
    <Box as="section" aria-roledescription="carousel" aria-label={`${FAMILIES[family].name} photos`} tabIndex={0} onKeyDown={onKeyDown} rounded="xl" _focusVisible={{ outline: '3px solid', outlineColor: 'brand.500' }}>
      <Box position="relative" rounded="xl" overflow="hidden" bg="oak.50" borderWidth="1px" borderColor="gray.200">
        <Box aria-live="polite" aspectRatio={4 / 3}>
          {index < LIVE_POSITIONS.length ? (
            <BlindIllustration family={family} series={series} color={color} opacity={opacity} position={LIVE_POSITIONS[index]} />
          ) : (
            <Image src={photos[index - LIVE_POSITIONS.length]} alt={alts[index]} aspectRatio={4 / 3} w="full" objectFit="cover" />
          )}
        </Box>
        <IconButton aria-label="Previous image" position="absolute" left="2" top="50%" transform="translateY(-50%)" rounded="full" variant="solid" bg="whiteAlpha.900" color="gray.800" size="sm" onClick={() => show(index - 1)}>
          <span aria-hidden="true">‹</span>
        </IconButton>
        <IconButton aria-label="Next image" position="absolute" right="2" top="50%" transform="translateY(-50%)" rounded="full" variant="solid" bg="whiteAlpha.900" color="gray.800" size="sm" onClick={() => show(index + 1)}>
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
}
