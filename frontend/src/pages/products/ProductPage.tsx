import { Container, Heading, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { FAMILIES, type FamilyId } from '#domain/catalogue/families';
import { fauxWoodPrefillFromQuery, seriesFromQuery } from '#domain/catalogue/query';
import { StartingPrice } from '../../components/catalogue/StartingPrice';
import { usePageReady } from '../../components/layout/usePageReady';
import { Configurator } from './Configurator';
import { initialForm } from './configurator-form';
import { queryForSeries } from './series-query';
import { SeriesTabs } from './SeriesTabs';

const INTROS: Record<FamilyId, string> = {
  'faux-wood-blinds': 'Moisture-proof 2" faux wood blinds, made to your exact size and priced live as you type.',
  'wood-blinds': 'Real 2" wood blinds in smooth whites or stained wood tones, made to measure.',
  'roller-shades': 'Clean, modern roller shades in light-filtering Green 2000 and Green 3000 or full Blackout.',
  'vertical-blinds': '3.5" vertical blinds in standard sizes for patio doors and wide windows.',
  'mini-blinds': 'Budget-friendly 1" mini blinds in aluminum and vinyl, in standard sizes.',
};

/**
 * A family's page: its tabs follow the query, each with the configurator of that series. The
 * configurator starts again only when its series or the size it was linked with changes, not for
 * another parameter (a campaign's, a punch-out arrival's being removed), which would drop what was typed.
 */
export function productPage(family: FamilyId) {
  function ProductPage() {
    const hydrated = usePageReady();
    const [searchParams, setSearchParams] = useSearchParams();
    const query = hydrated ? searchParams : new URLSearchParams();
    const info = FAMILIES[family];
    const series = seriesFromQuery(family, query);
    const prefill = family === 'faux-wood-blinds' ? fauxWoodPrefillFromQuery(query) : {};
    const configurator = (
      <Configurator
        key={`${series}:${JSON.stringify(prefill)}`}
        family={family}
        series={series}
        initial={initialForm(family, series, prefill)}
      />
    );

    return (
      <Container maxW="7xl" py={{ base: '6', md: '10' }}>
        <Heading as="h1" size={{ base: '2xl', md: '4xl' }} fontFamily="heading" color="brand.800">
          {info.name}
        </Heading>
        <StartingPrice
          family={family}
          mt="1"
          fontSize={{ base: 'lg', md: 'xl' }}
          fontWeight="semibold"
          color="brand.800"
        />
        <Text mt="2" mb="6" fontSize={{ base: 'md', md: 'lg' }} color="gray.700" maxW="3xl">
          {INTROS[family]}
        </Text>
        {info.series.length > 1 ? (
          <SeriesTabs
            label={`${info.name} series`}
            series={info.series}
            value={series}
            onChange={(chosen) =>
              setSearchParams(queryForSeries(family, chosen, query), { replace: true, preventScrollReset: true })
            }
          >
            {configurator}
          </SeriesTabs>
        ) : (
          configurator
        )}
      </Container>
    );
  }
  ProductPage.displayName = `ProductPage(${family})`;
  return ProductPage;
}

export const FauxWoodBlindsPage = productPage('faux-wood-blinds');
export const WoodBlindsPage = productPage('wood-blinds');
export const RollerShadesPage = productPage('roller-shades');
export const VerticalBlindsPage = productPage('vertical-blinds');
export const MiniBlindsPage = productPage('mini-blinds');
