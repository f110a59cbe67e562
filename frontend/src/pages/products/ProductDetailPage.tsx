import { Container, Heading, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link, useParams } from 'react-router-dom';
import { FAMILIES } from '#domain/catalogue/families';
import { productBySku } from '#domain/catalogue/sku';
import { Configurator } from './Configurator';
import { initialForm, productName } from './configurator-form';
import { FamilyLinks } from './FamilyLinks';

/** /product/:id and /products/:id: one product by SKU (family, series, colour), configured to size here. */
export default function ProductDetailPage() {
  const { id = '' } = useParams();
  const product = productBySku(id);

  if (!product) {
    return (
      <Container maxW="7xl" py={{ base: '8', md: '14' }}>
        <Heading as="h1" size="3xl" fontFamily="heading" color="brand.800">
          Product not found
        </Heading>
        <Text mt="3" mb="8" fontSize="lg" color="gray.700">
          We could not find a product with the code “{id}”. Choose one of our blinds and shades instead:
        </Text>
        <FamilyLinks />
      </Container>
    );
  }

  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} fontFamily="heading" color="brand.800">
        {productName(product.family, product.series)}, {product.color.name}
      </Heading>
      <Text mt="2" mb="6" color="gray.700">
        Item {product.sku}. Enter your size for the exact price.{' '}
        <ChakraLink asChild color="brand.700" fontWeight="semibold">
          <Link to={`/${product.family}`}>All {FAMILIES[product.family].name}</Link>
        </ChakraLink>
      </Text>
      <Configurator
        family={product.family}
        series={product.series}
        initial={initialForm(product.family, product.series, {}, product.color.code)}
      />
    </Container>
  );
}
