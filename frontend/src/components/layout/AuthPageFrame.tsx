import { Container, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The narrow centred frame of the sign-in, registration, confirmation and password pages. */
export function AuthPageFrame({
  title,
  intro,
  width = 'md',
  children,
}: {
  title: string;
  intro?: string;
  width?: 'md' | 'xl';
  children: ReactNode;
}) {
  return (
    <Container maxW={width} py={{ base: '10', md: '16' }}>
      <Heading as="h1" size="3xl" fontFamily="heading" color="brand.800" textAlign="center">
        {title}
      </Heading>
      {intro && (
        <Text mt="2" mb="6" color="gray.700" textAlign="center">
          {intro}
        </Text>
      )}
      {children}
    </Container>
  );
}
