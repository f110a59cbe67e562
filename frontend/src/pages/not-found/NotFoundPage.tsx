import { Button, Container, Heading, HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export default function NotFoundPage() {
  return (
    <Container maxW="2xl" py={{ base: '16', md: '24' }} textAlign="center">
      <Text
        fontSize={{ base: '6xl', md: '8xl' }}
        fontWeight="bold"
        fontFamily="heading"
        color="brand.700"
        lineHeight="1"
      >
        404
      </Text>
      <Heading as="h1" size="2xl" mt="4" color="gray.900">
        Page not found
      </Heading>
      <Text mt="4" color="gray.700" fontSize="lg">
        The page you are looking for does not exist or has moved. If you were in the middle of something, your session
        may have timed out: refreshing the page often helps.
      </Text>
      <HStack justify="center" gap="3" mt="8" wrap="wrap">
        <Button colorPalette="brand" variant="outline" onClick={() => window.location.reload()}>
          Refresh Page
        </Button>
        <Button asChild colorPalette="brand">
          <RouterLink to="/">Return Home</RouterLink>
        </Button>
      </HStack>
    </Container>
  );
}
