import { Heading } from '@chakra-ui/react';
export default function HomePage() {
  return <Heading as="h1">Same-Week Custom Blinds for DFW Properties</Heading>;
}
