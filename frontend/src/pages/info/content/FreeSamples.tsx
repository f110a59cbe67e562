import { Button, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { DELIVERY_TIME, SAMPLE_PROCESSING_TIME } from '#domain/claims';
import { MAX_SAMPLES_PER_REQUEST } from '#domain/samples/messages';
import { fetchSampleCount, SAMPLES_UPDATED_EVENT } from '../../../api/samples';
import { FaqAccordion, type FaqItem } from '../components/FaqAccordion';
import { PageHero } from '../components/PageHero';
import { PageSection } from '../components/PageSection';
import { NumberedSteps } from '../components/NumberedSteps';

const STEPS = [
  { title: 'Browse products', text: 'Open any blind or shade and pick the colors and materials you want to see.' },
  {
    title: 'Add samples',
    text: 'Choose a color, then Order free sample; samples collect in your cart beside any blinds.',
  },
  { title: 'Request them', text: 'In your cart, choose Request Free Samples and tell us where to send them.' },
  {
    title: 'Compare at home',
    text: 'Hold the samples up to your windows in daylight and at night, then order with confidence.',
  },
];

const FAQ: FaqItem[] = [
  {
    question: 'Are the samples really free?',
    answer:
      'Yes. The samples are free; sample shipping is a flat $15 whatever the number of samples, paid by card when you request samples on their own, or added to your order when they come with blinds.',
  },
  {
    question: 'How long do samples take to arrive?',
    answer: `We process sample requests within ${SAMPLE_PROCESSING_TIME}, and shipping then takes ${DELIVERY_TIME}.`,
  },
  {
    question: 'How many samples can I order?',
    answer: `Up to ${MAX_SAMPLES_PER_REQUEST} colors per request; we recommend comparing two or three for each room.`,
  },
  {
    question: 'Can I order samples together with blinds?',
    answer: 'Yes. Samples sit in their own section of the same cart as your blinds, and you request them from there.',
  },
  {
    question: 'Do I need to send the samples back?',
    answer: 'No, the samples are yours to keep.',
  },
];

/** The sample cart's count, refreshed whenever this tab changes the sample cart. */
function useSampleCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    const refresh = () =>
      void fetchSampleCount({ signal: controller.signal }).then(
        (value) => controller.signal.aborted || setCount(value),
      );
    refresh();
    window.addEventListener(SAMPLES_UPDATED_EVENT, refresh);
    return () => {
      controller.abort();
      window.removeEventListener(SAMPLES_UPDATED_EVENT, refresh);
    };
  }, []);
  return count;
}

export default function FreeSamples() {
  const sampleCount = useSampleCount();
  return (
    <>
      <PageHero
        eyebrow="Free samples"
        title="Free Samples"
        lead="See and feel our colors and materials in your own light before you order. Samples are free; shipping is a flat $15, paid by card when you request them."
      />

      <PageSection title="How it works">
        <NumberedSteps steps={STEPS} />
        <Stack direction={{ base: 'column', sm: 'row' }} gap={3} mt={8}>
          <Button asChild colorPalette="brand">
            <RouterLink to="/">Browse Products</RouterLink>
          </Button>
          <Button asChild variant="outline" colorPalette="brand">
            <RouterLink to="/cart">
              View Cart ({sampleCount} {sampleCount === 1 ? 'sample' : 'samples'})
            </RouterLink>
          </Button>
        </Stack>
      </PageSection>

      <PageSection title="Sample questions" tinted>
        <FaqAccordion items={FAQ} />
      </PageSection>
    </>
  );
}
