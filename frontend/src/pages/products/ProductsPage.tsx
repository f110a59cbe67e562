import { Container, Heading, Text } from '@chakra-ui/react';
import { FamilyLinks } from './FamilyLinks';

/** /products: the five families. */
export default function ProductsPage() {
  return (
    <Container maxW="7xl" py={{ base: '8', md: '14' }}>
      <Heading as="h1" size="3xl" fontFamily="heading" color="brand.800">
        Products
      </Heading>
      <Text mt="3" mb="8" fontSize="lg" color="gray.700">
        Every blind and shade is made to your measurements and priced live by size.
      </Text>
      <FamilyLinks />
    </Container>
  );
}
