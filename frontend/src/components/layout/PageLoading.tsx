import { Center, Spinner } from '@chakra-ui/react';

export function PageLoading() {
  return (
    <Center minH="50vh" role="status" aria-label="Loading page">
      <Spinner size="lg" color="brand.600" />
    </Center>
  );
}
