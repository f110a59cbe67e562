import { Button, chakra, Heading, Stack, Text } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';

/** One settings tab: its heading, an introduction, the fields and a save button. */
export function TabForm({
  title,
  intro,
  saving,
  submitLabel,
  onSubmit,
  children,
}: {
  title: string;
  intro: string;
  saving: boolean;
  submitLabel: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <chakra.form onSubmit={submit} noValidate aria-label={title}>
      <Heading as="h2" size="lg" color="brand.800">
        {title}
      </Heading>
      <Text mt="1" mb="5" color="gray.700">
        {intro}
      </Text>
      <Stack gap="4" maxW="xl">
        {children}
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={saving} loadingText="Saving...">
          {submitLabel}
        </Button>
      </Stack>
    </chakra.form>
  );
}
