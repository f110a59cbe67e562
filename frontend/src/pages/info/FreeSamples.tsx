import { Button, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { fetchSampleCount } from './api';
import { FaqAccordion, type FaqItem } from './components/FaqAccordion';
import { PageHero } from './components/PageHero';
import { PageSection } from './components/PageSection';
import { NumberedSteps } from './components/NumberedSteps';

const STEPS = [
  { title: 'Browse products', text: 'Open any blind or shade and pick the colors and materials you want to see.' },
  { title: 'Add samples', text: 'Choose Add Free Sample on each color; samples collect in your cart beside any blinds.' },
  { title: 'Check out', text: 'Pay the flat $15 sample shipping, however many samples you choose.' },
  { title: 'Compare at home', text: 'Hold the samples up to your windows in daylight and at night, then order with confidence.' },
];

const FAQ: FaqItem[] = [
  {
    question: 'Are the samples really free?',
    answer: 'Yes. The samples themselves are free; you pay only a flat $15 for sample shipping, whatever the number of samples.',
  },
  {
    question: 'How long do samples take to arrive?',
    answer: 'We process sample orders within 3-7 business days after payment, and shipping then takes 3-5 days.',
  },
  {
    question: 'How many samples can I order?',
    answer: 'Order as many colors as you need to decide; we recommend comparing two or three for each room.',
  },
  {
    question: 'Can I order samples together with blinds?',
    answer: 'Yes. Samples sit in the same cart as blinds, and the $15 sample shipping is added once at checkout.',
  },
  {
    question: 'Do I need to send the samples back?',
    answer: 'No, the samples are yours to keep.',
  },
];

function useSampleCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let active = true;
    void fetchSampleCount().then((value) => {
      if (active) setCount(value);
    });
    return () => {
      active = false;
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
        lead="See and feel our colors and materials in your own light before you order. Samples are free; shipping is a flat $15."
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
