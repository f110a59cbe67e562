import { Badge, Box, Button, Container, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { cardPosition, FEATURED_CAROUSEL, isSmallScreen, momentumStep, wrapOffset } from '../../lib/carousel';
import { FEATURED_PRODUCTS, type FeaturedProduct } from './content';
import { prefersReducedMotion } from './sections';

const { cardSpacingPx, driftPxPerTick, tickMs, resumeAfterReleaseMs } = FEATURED_CAROUSEL;
const CARD_WIDTH_PX = cardSpacingPx - 20;
/** A press that moves less than this is a tap on the card, not a drag. */
const DRAG_THRESHOLD_PX = 6;

function ProductCard({ product }: { product: FeaturedProduct }) {
  return (
    <Stack
      as="article"
      aria-label={product.title}
      gap="0"
      bg="white"
      rounded="xl"
      overflow="hidden"
      borderWidth="1px"
      borderColor="gray.200"
      boxShadow="sm"
      h="full"
    >
      <Image
        src={product.image}
        alt={product.alt}
        aspectRatio={4 / 3}
        objectFit="cover"
        w="full"
        bg="brand.50"
        draggable={false}
      />
      <Stack gap="2" p="5" flex="1">
        <HStack justify="space-between" align="baseline">
          <Badge colorPalette="brand" variant="subtle">
            {product.type}
          </Badge>
          <Text fontWeight="bold" fontSize="xl" color="oak.800">
            {product.price}
          </Text>
        </HStack>
        <Heading as="h3" size="md" color="gray.900">
          {product.title}
        </Heading>
        <Text fontSize="sm" color="gray.700">
          {product.description}
        </Text>
        <Box as="ul" fontSize="sm" color="gray.700" pl="5" listStyleType="disc" flex="1">
          {product.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </Box>
        {/* A link, so it can be opened in a new tab. */}
        <Button asChild colorPalette="brand" mt="2">
          <RouterLink to={product.link}>View Details</RouterLink>
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * Small screens: an endless strip drifting 1 px every 50 ms. Dragging takes over with momentum
 * (0.95 decay per tick) and the drift resumes 3 s after release. Cards are moved through their
 * transforms directly, so the 20 ticks a second never re-render React.
 */
function DriftingCarousel() {
  const cards = useRef<Array<HTMLDivElement | null>>([]);
  const offset = useRef(0);
  const velocity = useRef(0);
  const drag = useRef<{ startX: number; lastX: number; moved: boolean } | null>(null);
  const resumeAt = useRef(0);
  const [paused, setPaused] = useState(false);

  const place = () => {
    cards.current.forEach((card, index) => {
      if (card)
        card.style.transform = `translateX(${cardPosition(index, offset.current, FEATURED_PRODUCTS.length, cardSpacingPx)}px)`;
    });
  };

  useEffect(() => {
    const trackLength = FEATURED_PRODUCTS.length * cardSpacingPx;
    const reducedMotion = prefersReducedMotion();
    const timer = setInterval(() => {
      if (drag.current) return;
      if (velocity.current !== 0) {
        const step = momentumStep(offset.current, velocity.current);
        offset.current = wrapOffset(step.offset, trackLength);
        velocity.current = step.velocity;
      } else if (!paused && !reducedMotion && Date.now() >= resumeAt.current) {
        offset.current = wrapOffset(offset.current + driftPxPerTick, trackLength);
      } else {
        return;
      }
      place();
    }, tickMs);
    return () => clearInterval(timer);
  }, [paused]);

  const onPointerDown = (event: React.PointerEvent<HTMLDivElement>) => {
    drag.current = { startX: event.clientX, lastX: event.clientX, moved: false };
    velocity.current = 0;
  };
  const onPointerMove = (event: React.PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current) return;
    const dx = event.clientX - current.lastX;
    current.lastX = event.clientX;
    if (!current.moved && Math.abs(event.clientX - current.startX) > DRAG_THRESHOLD_PX) {
      current.moved = true;
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    if (!current.moved) return;
    offset.current = wrapOffset(offset.current - dx, FEATURED_PRODUCTS.length * cardSpacingPx);
    velocity.current = -dx;
    place();
  };
  const onPointerUp = () => {
    if (!drag.current) return;
    if (!drag.current.moved) velocity.current = 0;
    drag.current = null;
    resumeAt.current = Date.now() + resumeAfterReleaseMs;
  };

  return (
    <Box>
      <Box
        // A group, not a region: the section is the landmark, and a second one of the same name
        // is one too many (axe landmark-unique, issue 25).
        role="group"
        aria-roledescription="carousel"
        aria-label="Featured products"
        position="relative"
        h="34rem"
        overflow="hidden"
        touchAction="pan-y"
        userSelect="none"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onFocus={() => setPaused(true)}
      >
        {FEATURED_PRODUCTS.map((product, index) => (
          <Box
            key={product.id}
            ref={(element: HTMLDivElement | null) => {
              cards.current[index] = element;
            }}
            role="group"
            aria-roledescription="slide"
            position="absolute"
            top="0"
            left="4"
            w={`${CARD_WIDTH_PX}px`}
            maxW="calc(100vw - 2rem)"
            h="full"
            style={{ transform: `translateX(${cardPosition(index, 0, FEATURED_PRODUCTS.length, cardSpacingPx)}px)` }}
            onClickCapture={(event) => {
              // A drag that ends over a link is not a click on it.
              if (!drag.current?.moved) return;
              event.preventDefault();
              event.stopPropagation();
            }}
          >
            <ProductCard product={product} />
          </Box>
        ))}
      </Box>
      <HStack justify="center" mt="4">
        <Button size="sm" variant="outline" colorPalette="brand" onClick={() => setPaused((value) => !value)}>
          {paused ? 'Play carousel' : 'Pause carousel'}
        </Button>
      </HStack>
    </Box>
  );
}

/** Small screens only: the carousel and its section are not shown on a desktop. */
export function FeaturedProducts() {
  // Unknown while prerendering: CSS hides the section by width until the first measure.
  const [small, setSmall] = useState<boolean | null>(null);

  useEffect(() => {
    const measure = () => setSmall(isSmallScreen(window.innerWidth, navigator.userAgent));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  if (small === false) return null;
  return (
    <Container
      as="section"
      aria-labelledby="featured-heading"
      maxW="7xl"
      py="12"
      display={small === null ? { base: 'block', md: 'none' } : 'block'}
    >
      <Stack gap="2" textAlign="center" mb="8">
        <Heading id="featured-heading" as="h2" size="3xl" color="brand.800">
          Featured Products
        </Heading>
        <Text color="gray.700">Popular faux wood sizes, priced and ready to order.</Text>
      </Stack>
      <Box mx="-4">
        <DriftingCarousel />
      </Box>
    </Container>
  );
}
