import { Box, Container, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { saleBannerText, type PromotionTerms } from '#domain/promotions/promotion';
import type { SalesResponse } from '#domain/promotions/promotion-schema';
import { apiRequest } from '../../api/client';

/**
 * The automatic sales in effect today (staff's promotions without a code), each with what it takes
 * off, on what and until when: the cart and checkout take the best of them off by themselves.
 * Nothing while there is none, or while they cannot be read: a banner is never worth an error.
 */
export function SaleBanner() {
  const [sales, setSales] = useState<PromotionTerms[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    apiRequest<SalesResponse>('/promotions/sales', { signal: controller.signal }).then(
      (answer) => setSales(answer.sales),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  if (sales.length === 0) return null;
  return (
    <Box as="aside" aria-label="Current sale" bg="brand.50" borderBottomWidth="1px" borderColor="brand.100" py="3">
      <Container maxW="7xl">
        {sales.map((sale) => (
          <Text key={sale.id} textAlign="center" fontWeight="semibold" color="brand.800" data-testid="sale-banner">
            {saleBannerText(sale)}
          </Text>
        ))}
      </Container>
    </Box>
  );
}
