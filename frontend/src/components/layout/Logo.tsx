import { Box, HStack, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BUSINESS } from '../../business';

/** The mark: a window with its blind half drawn. */
function LogoMark() {
  return (
    <Box as="span" display="inline-flex" aria-hidden>
      <svg width="36" height="36" viewBox="0 0 36 36">
        <rect x="2" y="2" width="32" height="32" rx="6" fill="#1d4e5f" />
        <rect x="8" y="8" width="20" height="20" rx="1.5" fill="#d5e9ec" />
        {[9.5, 13, 16.5].map((y) => (
          <rect key={y} x="8" y={y} width="20" height="2.4" fill="#c98f4f" />
        ))}
        <path d="M18 8v20M8 18h20" stroke="#1d4e5f" strokeWidth="1.2" />
      </svg>
    </Box>
  );
}

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Link asChild textDecoration="none" _hover={{ textDecoration: 'none' }} aria-label={`${BUSINESS.name} home`}>
      <RouterLink to="/">
        <HStack gap="2.5">
          <LogoMark />
          <Text
            as="span"
            fontFamily="heading"
            fontWeight="bold"
            fontSize={{ base: 'lg', md: 'xl' }}
            color={inverted ? 'white' : 'brand.800'}
            lineHeight="1.1"
            whiteSpace="nowrap"
          >
            {BUSINESS.name}
          </Text>
        </HStack>
      </RouterLink>
    </Link>
  );
}
