import { Button, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHero } from '../components/PageHero';
import { PageSection } from '../components/PageSection';
import { RoleCard } from './RoleCard';
import { careerCategory, type CareerCategoryId } from './roles';

/** The open roles of one career category. */
export function CareerCategory({ categoryId }: { categoryId: CareerCategoryId }) {
  const category = careerCategory(categoryId);
  return (
    <>
      <PageHero eyebrow="Careers" title={category.pageTitle} lead={category.intro} />
      <PageSection title="Open roles">
        <Stack gap={5}>
          {category.roles.map((role) => (
            <RoleCard key={role.id} category={category} role={role} />
          ))}
        </Stack>
        <Text mt={8} color="gray.700">
          Not the right fit? See the other teams we are hiring for.
        </Text>
        <Button asChild variant="outline" colorPalette="brand" mt={3}>
          <RouterLink to="/careers">All careers</RouterLink>
        </Button>
      </PageSection>
    </>
  );
}
