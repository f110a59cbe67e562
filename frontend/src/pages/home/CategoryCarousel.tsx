import { Box, Button, Container, Heading, Image, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CATEGORIES } from '../../categories';
import { StartingPrice } from '../../components/catalogue/StartingPrice';
import { wrapIndex } from '../../lib/carousel';
import { CATEGORIES_SECTION_ID, prefersReducedMotion } from './sections';

/** The keyboard hint is for a keyboard and a mouse: phones and tablets, which have neither, never see it. */
const KEYBOARD_DEVICE = '@media (hover: hover) and (pointer: fine)';

/**
 * Browse By Category: the carousel region takes focus; left and right arrows move the selection,
 * the selected card grows and is announced. A card's own link answers the arrows too, and the
 * focus follows the selection to the next card's link. On narrow screens the row scrolls to keep
 * the selected card in view.
 */
export function CategoryCarousel() {
  const [selected, setSelected] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);

  const cardAt = (index: number) => scroller.current?.children[index] as HTMLElement | undefined;

  const select = (index: number, { focusCard }: { focusCard: boolean }) => {
    const next = wrapIndex(index, CATEGORIES.length);
    setSelected(next);
    const row = scroller.current;
    const card = cardAt(next);
    if (focusCard) card?.querySelector<HTMLElement>('a')?.focus({ preventScroll: true });
    if (row && card && row.scrollWidth > row.clientWidth) {
      row.scrollTo({
        left: card.offsetLeft - (row.clientWidth - card.offsetWidth) / 2,
        behavior: prefersReducedMotion() ? 'auto' : 'smooth',
      });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    // From a card, move from that card (Tab may have brought the focus there) and take the focus along.
    const fromCard = event.target !== event.currentTarget;
    const from = fromCard
      ? [...(scroller.current?.children ?? [])].findIndex((card) => card.contains(event.target as Node))
      : selected;
    select((from < 0 ? selected : from) + step, { focusCard: fromCard });
  };

  const current = CATEGORIES[selected]!;

  return (
    <Box
      as="section"
      id={CATEGORIES_SECTION_ID}
      aria-labelledby="categories-heading"
      bg="linen"
      py={{ base: '12', md: '16' }}
    >
      <Container maxW="7xl">
        <Stack gap="2" mb="8" textAlign="center">
          <Heading id="categories-heading" as="h2" size="3xl" color="brand.800">
            Browse By Category
          </Heading>
          <Text color="gray.700" display="none" css={{ [KEYBOARD_DEVICE]: { display: 'block' } }}>
            Use the left and right arrow keys to move through the categories.
          </Text>
        </Stack>
        <Box
          role="region"
          aria-roledescription="carousel"
          aria-label="Product categories"
          tabIndex={0}
          onKeyDown={onKeyDown}
          rounded="xl"
          _focusVisible={{ outline: '3px solid', outlineColor: 'oak.400', outlineOffset: '4px' }}
        >
          <Box
            ref={scroller}
            display="flex"
            gap={{ base: '4', lg: '5' }}
            overflowX="auto"
            px="3"
            py="8"
            scrollSnapType="x mandatory"
            css={{ scrollbarWidth: 'thin' }}
          >
            {CATEGORIES.map((category, index) => {
              const isSelected = index === selected;
              return (
                <Box
                  key={category.id}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${index + 1} of ${CATEGORIES.length}: ${category.name}`}
                  data-selected={isSelected ? '' : undefined}
                  onClick={() => setSelected(index)}
                  onFocus={() => setSelected(index)}
                  flex={{ base: '0 0 78%', sm: '0 0 45%', lg: '1 1 0' }}
                  minW="0"
                  scrollSnapAlign="center"
                  bg="white"
                  rounded="xl"
                  overflow="hidden"
                  borderWidth="2px"
                  borderColor={isSelected ? 'brand.600' : 'transparent'}
                  // Spread evenly around the card: a drop shadow below a card scaled up in a clipped row reads as misplaced.
                  boxShadow={isSelected ? '0 0 0 1px rgba(15, 23, 42, 0.04), 0 0 22px rgba(15, 23, 42, 0.2)' : 'sm'}
                  transform={isSelected ? 'scale(1.05)' : 'scale(1)'}
                  transition="transform 0.25s ease, box-shadow 0.25s ease, border-color 0.25s ease"
                  display="flex"
                  flexDirection="column"
                >
                  <Image src={category.image} alt="" aspectRatio={4 / 3} objectFit="cover" w="full" bg="brand.50" />
                  <Stack gap="2" p="5" flex="1">
                    <Heading as="h3" size="lg" color="brand.800">
                      {category.name}
                    </Heading>
                    <Text fontSize="sm" color="gray.700" flex="1">
                      {category.description}
                    </Text>
                    <StartingPrice family={category.id} fontWeight="semibold" color="brand.800" />
                    <Button asChild colorPalette="brand" size="sm" alignSelf="flex-start" mt="2">
                      <RouterLink to={category.path} aria-label={`Shop Now: ${category.name}`}>
                        Shop Now
                      </RouterLink>
                    </Button>
                  </Stack>
                </Box>
              );
            })}
          </Box>
          <VisuallyHidden aria-live="polite" aria-atomic="true">
            {`${current.name} selected, ${selected + 1} of ${CATEGORIES.length}`}
          </VisuallyHidden>
        </Box>
      </Container>
    </Box>
  );
}
