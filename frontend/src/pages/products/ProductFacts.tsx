import { Box, Heading } from '@chakra-ui/react';
import { memo } from 'react';
import { FAMILIES, type FamilyId } from '#domain/catalogue/families';
import { RETURNS_CLAIM } from '#domain/claims';
import { onDemand } from '../../components/layout/useOnDemand';

/** The date is asked of the server once the page has hydrated: neither it nor its code is in the first load. */
const useDeliveryDate = onDemand(() =>
  import('../../components/catalogue/DeliveryDate').then((module) => module.DeliveryDate),
);

/** The family's facts beside the configurator. */
export const ProductFacts = memo(function ProductFacts({ family }: { family: FamilyId }) {
  const DeliveryDate = useDeliveryDate(true, () => undefined);
  return (
    <Box as="section" aria-label="Product facts" bg="oak.50" rounded="lg" p="4">
      <Heading as="h2" size="sm" color="oak.900" mb="2">
        Product facts
      </Heading>
      <Box as="ul" pl="5" listStyleType="disc" fontSize="sm" color="gray.800">
        {FAMILIES[family].facts.map((fact) => (
          <li key={fact}>{fact}</li>
        ))}
        <li>{RETURNS_CLAIM.productFact}</li>
        {DeliveryDate && <DeliveryDate as="li" families={[family]} />}
      </Box>
    </Box>
  );
});
