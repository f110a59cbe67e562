import { Button, Container, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { volumeDiscountsSentence } from '#domain/pricing/discounts';
import { useVolumeTiers } from '../../lib/volume-tiers';
import { CATEGORIES_SECTION_ID, scrollToSection } from './sections';

export function AccountBanner() {
  const tiers = useVolumeTiers();
  return (
    <Container maxW="7xl" py={{ base: '10', md: '14' }}>
      <Flex
        as="section"
        aria-labelledby="account-banner-heading"
        direction={{ base: 'column', md: 'row' }}
        align={{ md: 'center' }}
        justify="space-between"
        gap="6"
        bg="oak.50"
        borderWidth="1px"
        borderColor="oak.200"
        rounded="2xl"
        px={{ base: '6', md: '10' }}
        py="8"
      >
        <Stack gap="2" maxW="2xl">
          <Heading id="account-banner-heading" as="h2" size="2xl" color="oak.900">
            Managing more than one property?
          </Heading>
          <Text color="gray.700">
            Create a free account to save window sizes by property and room, reorder in a few clicks and track every
            order. {volumeDiscountsSentence(tiers)}
          </Text>
        </Stack>
        <HStack gap="3" flexShrink={0} wrap="wrap">
          <Button asChild colorPalette="brand" size="lg">
            <RouterLink to="/account-creation">Create Account</RouterLink>
          </Button>
          <Button
            colorPalette="brand"
            variant="outline"
            size="lg"
            onClick={() => scrollToSection(CATEGORIES_SECTION_ID)}
          >
            Shop Now
          </Button>
        </HStack>
      </Flex>
    </Container>
  );
}
