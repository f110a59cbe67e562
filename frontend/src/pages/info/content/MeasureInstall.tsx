import { AspectRatio, Box, Button, List, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ContactOptions } from '../components/ContactOptions';
import { FaqAccordion, type FaqItem } from '../components/FaqAccordion';
import { PageHero } from '../components/PageHero';
import { PageSection } from '../components/PageSection';
import { NumberedSteps } from '../components/NumberedSteps';

/** The measuring video is hosted by YouTube in privacy-enhanced mode (no cookies until played). */
const MEASURING_VIDEO_URL = 'https://www.youtube-nocookie.com/embed/l0d-bFvjS4M';

const STEPS = [
  {
    title: 'Measure the width in three places',
    text: 'Measure across the top, middle and bottom of the window. For an inside mount, use the smallest of the three.',
  },
  {
    title: 'Measure the height in three places',
    text: 'Measure from the top of the opening to the sill on the left, center and right. Use the largest of the three.',
  },
  {
    title: 'Choose inside or outside mount',
    text: 'Inside mount sits within the window frame; outside mount covers the frame and the wall around it.',
  },
];

const FAQ: FaqItem[] = [
  {
    question: 'What is the difference between inside and outside mount?',
    answer: (
      <>
        <Text mb={2}>
          An inside mount fits within the window opening for a clean, built-in look. It needs enough depth for the head
          rail (about 2 1/4 inches for our 2&quot; faux wood blinds) and a reasonably square opening.
        </Text>
        <Text>
          An outside mount attaches to the wall or trim above the window and overlaps the opening. Choose it for shallow
          frames, out-of-square windows, or when you want more light blocking and privacy.
        </Text>
      </>
    ),
  },
  {
    question: 'How do I measure the width?',
    answer: (
      <Text>
        Measure the width at the top, middle and bottom of the opening and write down the smallest number for an inside
        mount. For an outside mount, measure the area you want to cover and add about 1 1/2 to 3 inches on each side for
        better light control.
      </Text>
    ),
  },
  {
    question: 'How do I measure the height?',
    answer: (
      <Text>
        Measure the height on the left, in the center and on the right, and use the largest number so the blind reaches
        the sill everywhere. For an outside mount, measure from where the head rail will sit to where you want the blind
        to end.
      </Text>
    ),
  },
  {
    question: 'How accurate do my measurements need to be?',
    answer: (
      <Text>
        Measure to the nearest 1/8 inch and do not round. Enter the fraction in the size fields; we build your blinds to
        that exact measurement.
      </Text>
    ),
  },
  {
    question: 'Do I need to make a deduction for an inside mount?',
    answer: (
      <Text>
        No. Give us the exact window width and we deduct 0.5 inch from the width for an inside mount, so the blind
        clears the frame and raises and lowers without rubbing. Do not make the deduction yourself, or your blind will
        end up a full inch narrower than the opening.
      </Text>
    ),
  },
  {
    question: 'What if I am not sure about my measurements?',
    answer: (
      <Text>
        Call or e-mail us below with your numbers and a photo of the window, and we will check them with you. In the
        Dallas-Fort Worth area we can also measure and install for you.
      </Text>
    ),
  },
];

const TOOLS = [
  'A steel tape measure (cloth tapes stretch and give wrong numbers)',
  'A pencil and paper, or the measuring sheet on your phone',
  'A step stool or ladder for tall windows',
  'A helper to hold the tape on wide windows',
];

export default function MeasureInstall() {
  return (
    <>
      <PageHero
        eyebrow="Measuring guide"
        title="How to Measure Your Windows"
        lead="Custom blinds are only as good as the numbers behind them. Follow these steps, accurate to 1/8 inch, and your blinds will fit the first time."
      />

      <PageSection title="Three steps to a perfect fit">
        <NumberedSteps steps={STEPS} />
      </PageSection>

      <PageSection title="Video guide" tinted>
        <Box maxW="3xl">
          <AspectRatio ratio={16 / 9} borderRadius="lg" overflow="hidden" bg="gray.200">
            <iframe
              src={MEASURING_VIDEO_URL}
              title="Video: how to measure a window for inside and outside mount blinds"
              loading="lazy"
              allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
              allowFullScreen
              style={{ border: 0 }}
            />
          </AspectRatio>
          <Text mt={3} color="gray.700" fontSize="sm">
            Can&apos;t play the video? It shows the same three steps as above: measure the width at the top, middle and
            bottom and keep the smallest, measure the height at the left, center and right and keep the largest, then
            choose inside or outside mount.
          </Text>
        </Box>
      </PageSection>

      <PageSection title="Measuring questions">
        <FaqAccordion items={FAQ} />
      </PageSection>

      <PageSection title="Tools you will need" tinted>
        <List.Root gap={2} ps={5} color="gray.800">
          {TOOLS.map((tool) => (
            <List.Item key={tool}>{tool}</List.Item>
          ))}
        </List.Root>
      </PageSection>

      <PageSection title="Rather have us do it?">
        <Text mb={4} maxW="3xl" color="gray.800">
          Our crews measure and install across the Dallas-Fort Worth metro. See what is included and what it costs.
        </Text>
        <Button asChild colorPalette="brand" mb={8}>
          <RouterLink to="/ExpertInstallation">Explore expert installation</RouterLink>
        </Button>
        <ContactOptions emailSubject="Measuring question" />
      </PageSection>
    </>
  );
}
