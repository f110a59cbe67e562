import { Button, Card, Heading, List, SimpleGrid, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BUSINESS } from '../../../business';
import { PageHero } from '../components/PageHero';
import { PageSection } from '../components/PageSection';
import { careerCategories } from '../careers/roles';

const BENEFITS = [
  'Medical, dental and vision insurance for full-time employees',
  'Paid time off and paid holidays',
  'Paid training, with a clear path from crew member to lead',
  'Company vehicle or mileage reimbursement for field roles',
  'Employee discount on blinds and shades for your own home',
];

export default function CareersHub() {
  return (
    <>
      <PageHero
        eyebrow="Careers"
        title={`Careers at ${BUSINESS.name}`}
        lead="We bring custom blinds to homes and properties across Dallas-Fort Worth in days, not weeks. Come build that with us."
      />
      <PageSection title="Find your team">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap={5}>
          {careerCategories.map((category) => (
            <Card.Root key={category.id} variant="outline">
              <Card.Body gap={3}>
                <Heading as="h3" size="lg">
                  {category.pageTitle}
                </Heading>
                <Text fontWeight="medium" color="brand.800">
                  {category.tagline}
                </Text>
                <Text color="gray.700">{category.intro}</Text>
                <Text fontSize="sm" color="gray.700">
                  {category.roles.length} open roles
                </Text>
              </Card.Body>
              <Card.Footer>
                <Button asChild colorPalette="brand">
                  <RouterLink to={category.path}>View {category.name.toLowerCase()} roles</RouterLink>
                </Button>
              </Card.Footer>
            </Card.Root>
          ))}
        </SimpleGrid>
      </PageSection>
      <PageSection title="Why work with us" tinted>
        <List.Root ps={5} gap={2} color="gray.800">
          {BENEFITS.map((benefit) => (
            <List.Item key={benefit}>{benefit}</List.Item>
          ))}
        </List.Root>
        <Text mt={5} color="gray.700" maxW="3xl">
          {BUSINESS.name} is an equal opportunity employer. We consider every qualified applicant without regard to
          race, color, religion, sex, sexual orientation, gender identity, national origin, age, disability or veteran
          status.
        </Text>
      </PageSection>
    </>
  );
}
