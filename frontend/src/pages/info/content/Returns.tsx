import { Box, Button, List, Spinner, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { REFUND_TIME, RETURN_WINDOW_DAYS } from '#domain/claims';
import { toaster } from '../../../components/layout/toast-queue';
import { onDemand } from '../../../components/layout/useOnDemand';
import { PageHero } from '../components/PageHero';
import { PageSection } from '../components/PageSection';
import { PolicyTabs } from '../returns/PolicyTabs';

/** The form, its checks and the order lookup come with the first press of Start a Return (issue 15). */
const useReturnRequestForm = onDemand(() =>
  import('../returns/ReturnRequestForm').then((module) => module.ReturnRequestForm),
);

/** The contact form pre-fills its subject, and the order once the form has found one, from the query. */
function contactPath(orderNumber: string | null): string {
  return `/contact-us?${new URLSearchParams({ subject: 'Return request', ...(orderNumber ? { orderNumber } : {}) })}`;
}

const HOW_TO_RETURN = [
  `Contact us within ${RETURN_WINDOW_DAYS} days of delivery with your order number and the items you want to return or have remade.`,
  'Tell us what is wrong and, for fit problems, send your measurements and a photo of the blind in the window.',
  'We confirm whether the item qualifies for a return or a Fit Assurance remake and send you instructions.',
  'Pack the blinds in their original packaging and ship them back, or wait for our DFW crew to collect them.',
  `Once we receive and inspect the return, your refund is issued within ${REFUND_TIME}.`,
];

export default function Returns() {
  const [formOpen, setFormOpen] = useState(false);
  const [orderNumber, setOrderNumber] = useState<string | null>(null);
  const ReturnRequestForm = useReturnRequestForm(formOpen, () => {
    setFormOpen(false);
    toaster.create({
      id: 'return-form-unavailable',
      type: 'error',
      title: 'The return form could not be loaded. Please check your connection and try again.',
    });
  });
  return (
    <>
      <PageHero
        eyebrow="Returns"
        title="Returns Policy"
        lead="Every blind is made to your measurements, so our policy protects both you and the custom work behind your order."
      />

      <PageSection title="Our policies">
        <PolicyTabs />
      </PageSection>

      <PageSection title="How to return" tinted>
        <List.Root as="ol" gap={3} ps={5} color="gray.800" maxW="3xl">
          {HOW_TO_RETURN.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List.Root>
        <Box mt={6}>
          <Stack direction={{ base: 'column', sm: 'row' }} gap={3}>
            <Button
              colorPalette="brand"
              onClick={() => setFormOpen(true)}
              aria-expanded={formOpen}
              aria-controls="start-a-return"
            >
              Start a Return
            </Button>
            <Button asChild variant="outline" colorPalette="brand">
              <RouterLink to={contactPath(orderNumber)}>Contact</RouterLink>
            </Button>
          </Stack>
        </Box>
      </PageSection>

      {formOpen && (
        <PageSection title="Start a Return" id="start-a-return">
          {ReturnRequestForm ? (
            <ReturnRequestForm onOrderFound={setOrderNumber} />
          ) : (
            <Spinner color="brand.600" aria-label="Loading the return form" />
          )}
        </PageSection>
      )}
    </>
  );
}
