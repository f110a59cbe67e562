import { Box, Flex, Heading, Image, Link, List, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHero } from '../components/PageHero';
import { PageSection } from '../components/PageSection';

const TIPS: { title: string; text: ReactNode }[] = [
  {
    title: 'Replace corded window coverings',
    text: 'The safest choice in homes with young children is a cordless or motorized blind or shade. Replace older blinds with exposed pull cords or continuous loops.',
  },
  {
    title: 'Retrofit what you keep',
    text: 'If you cannot replace a corded blind yet, install free retrofit kits, cord cleats and tension devices so cords cannot form loops, and cut off any loop on older blinds.',
  },
  {
    title: 'Move furniture away from windows',
    text: 'Keep cribs, beds, playpens and anything a child can climb away from windows, so cords stay out of reach even when a child stands up.',
  },
  {
    title: 'Check every room',
    text: 'Children play in every part of a home. Make every window cord-safe, not just the nursery: bedrooms, living areas, kitchens and guest rooms too.',
  },
  {
    title: 'Have blinds measured and installed professionally',
    text: (
      <>
        Correct sizing and installation keep cords, cleats and tension devices where they belong.{' '}
        <Link asChild color="brand.700" textDecoration="underline">
          <RouterLink to="/ExpertInstallation">Our installers</RouterLink>
        </Link>{' '}
        mount every safety device that ships with your blinds.
      </>
    ),
  },
  {
    title: 'Follow the safety guides',
    text: 'Read and keep the warning labels and instructions that come with every blind. Do not remove the labels or the safety devices.',
  },
  {
    title: 'Learn more',
    text: (
      <>
        The Window Covering Safety Council offers free guidance and retrofit kits at{' '}
        <Link href="https://windowcoverings.org" color="brand.700" textDecoration="underline">
          windowcoverings.org
        </Link>
        , and the U.S. Consumer Product Safety Commission publishes recalls and advice at{' '}
        <Link href="https://www.cpsc.gov" color="brand.700" textDecoration="underline">
          cpsc.gov
        </Link>
        .
      </>
    ),
  },
];

export default function ChildSafety() {
  return (
    <>
      <PageHero
        eyebrow="Safety"
        title="Child Safety"
        lead="Window cords are a strangulation hazard for young children and pets. These seven steps make every window in your home safer."
      />
      <PageSection title="Seven window cord safety tips">
        <Flex direction={{ base: 'column', lg: 'row' }} gap={10} align="start">
          <List.Root as="ol" ps={5} gap={5} flex="1">
            {TIPS.map((tip) => (
              <List.Item key={tip.title}>
                <Heading as="h3" size="md" mb={1}>
                  {tip.title}
                </Heading>
                <Text color="gray.700">{tip.text}</Text>
              </List.Item>
            ))}
          </List.Root>
          <Box as="figure" flexShrink={0} w={{ base: 'full', lg: '96' }} maxW="md">
            <Image
              src="/images/info/window-cord-warning-label.svg"
              alt="Warning label: young children can strangle in cords. Keep cords out of reach, move cribs and furniture away from windows, and replace corded products with cordless ones."
              w="full"
              h="auto"
            />
            <Text as="figcaption" mt={2} fontSize="sm" color="gray.700">
              Look for this warning label on every corded window covering.
            </Text>
          </Box>
        </Flex>
      </PageSection>
      <PageSection title="Not sure a blind is safe?" tinted>
        <Text maxW="3xl" color="gray.800">
          If you are unsure whether a blind in your home is safe, call us and we will help you check it and choose a
          replacement.
        </Text>
      </PageSection>
    </>
  );
}
