import { Alert, Box, Button, chakra, DataList, Heading, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { trackOrder, type TrackOrderResult } from './api';
import { FormField } from '../../components/form/FormField';
import { PageHero } from './components/PageHero';
import { PageSection } from './components/PageSection';

const MESSAGES = {
  missing: 'Please enter both order number and email address',
  notFound: 'Order not found. Please check your order number and email address.',
  failed: 'An error occurred while tracking your order. Please try again.',
} as const;

export default function TrackOrder() {
  const [orderNumber, setOrderNumber] = useState('');
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState(false);
  const [searching, setSearching] = useState(false);
  const [result, setResult] = useState<TrackOrderResult | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const number = orderNumber.trim();
    const address = email.trim().toLowerCase();
    if (!number || !address) {
      setMissing(true);
      setResult(null);
      formRef.current?.querySelector<HTMLInputElement>(`[name="${number ? 'email' : 'orderNumber'}"]`)?.focus();
      return;
    }
    setMissing(false);
    setSearching(true);
    setResult(await trackOrder(number, address));
    setSearching(false);
  }

  return (
    <>
      <PageHero
        eyebrow="Orders"
        title="Track Your Order"
        lead="Enter the order number from your confirmation e-mail and the e-mail address you ordered with."
      />
      <PageSection title="Find your order">
        <chakra.form ref={formRef} onSubmit={handleSubmit} noValidate maxW="2xl" borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }}>
          <Stack gap={5}>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap={5}>
              <FormField id="track-order-number" name="orderNumber" label="Order number" required error={missing && !orderNumber.trim() ? MESSAGES.missing : undefined}>
                {(control) => <Input {...control} value={orderNumber} onChange={(event) => setOrderNumber(event.target.value)} />}
              </FormField>
              <FormField id="track-email" name="email" label="Email" required error={missing && !email.trim() ? MESSAGES.missing : undefined}>
                {(control) => (
                  <Input {...control} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
                )}
              </FormField>
            </SimpleGrid>
            <Box>
              <Button type="submit" colorPalette="brand" loading={searching} loadingText="Tracking...">
                Track Order
              </Button>
            </Box>
          </Stack>
        </chakra.form>

        {result && result.kind !== 'found' && (
          <Alert.Root status="error" role="alert" mt={6} maxW="2xl">
            <Alert.Indicator />
            <Alert.Title>{result.kind === 'notFound' ? MESSAGES.notFound : MESSAGES.failed}</Alert.Title>
          </Alert.Root>
        )}
        {result?.kind === 'found' && (
          <Box mt={6} maxW="2xl" borderWidth="1px" borderRadius="lg" p={5} role="status">
            <Heading as="h3" size="md" mb={3}>
              Order {result.order.orderNumber}
            </Heading>
            <DataList.Root orientation="horizontal">
              <DataList.Item>
                <DataList.ItemLabel>Status</DataList.ItemLabel>
                <DataList.ItemValue fontWeight="semibold">{result.order.status}</DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
          </Box>
        )}
        <Text mt={8} color="gray.700">
          Can&apos;t find your order number? <Link asChild color="brand.700" textDecoration="underline">
            <RouterLink to="/contact-us?subject=Order%20status">Contact us</RouterLink>
          </Link> and we
          will look it up for you.
        </Text>
      </PageSection>
    </>
  );
}
