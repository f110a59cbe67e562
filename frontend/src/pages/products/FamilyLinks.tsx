import { Box, Image, Link as ChakraLink, SimpleGrid, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { FAMILIES, FAMILY_IDS } from '#domain/catalogue/families';
import { StartingPrice } from '../../components/catalogue/StartingPrice';

/** A card for each of the five families with its starting price, linking to its page. */
export function FamilyLinks() {
  return (
    <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 5 }} gap="4" listStyleType="none">
      {FAMILY_IDS.map((family) => (
        <Box as="li" key={family}>
          <ChakraLink
            asChild
            display="block"
            h="full"
            p="4"
            rounded="lg"
            borderWidth="1px"
            borderColor="gray.200"
            bg="white"
            _hover={{ borderColor: 'brand.400', textDecoration: 'none' }}
          >
            <Link to={`/${family}`}>
              <Image src={FAMILIES[family].images[0]} alt="" aspectRatio={4 / 3} w="full" rounded="md" mb="3" />
              <Text fontWeight="bold" color="brand.800">
                {FAMILIES[family].name}
              </Text>
              <Text fontSize="sm" color="gray.700">
                {FAMILIES[family].series.map((s) => s.label).join(', ')}
              </Text>
              <StartingPrice family={family} mt="1" fontSize="sm" fontWeight="semibold" color="brand.800" />
            </Link>
          </ChakraLink>
        </Box>
      ))}
    </SimpleGrid>
  );
}
