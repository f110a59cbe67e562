import { Box, Button, chakra, Heading, Input, List, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { dataExportFileName } from '#domain/accounts/privacy';
import { RETENTION_RULES } from '#domain/accounts/retention';
import { closeMyAccount, downloadMyData, type ClientProfile } from '../../../api/account';
import { useSignOut } from '../../../components/layout/account-links';
import { toaster } from '../../../components/layout/toast-queue';
import { FormField } from '../../../components/form/FormField';
import { saveAs } from '../../../lib/save-file';

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message) || fallback;

/** "Download my data": every record the shop keeps of the client, saved as a JSON file. */
function DownloadSection() {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const file = await downloadMyData();
      saveAs(dataExportFileName(new Date().toISOString()), file, 'application/json');
      toaster.create({ type: 'success', title: 'Your data is downloaded.' });
    } catch (error) {
      toaster.create({
        type: 'error',
        title: 'Your data could not be downloaded.',
        description: messageOf(error, 'Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Box as="section" aria-labelledby="privacy-download">
      <Heading as="h2" id="privacy-download" size="lg" color="brand.800">
        Download my data
      </Heading>
      <Text mt="1" mb="4" color="gray.700">
        A file (JSON) of everything we keep about you: your profile, properties and windows, saved products, orders,
        quotes, invoices, returns, chats, appointments, sample requests and price matches.
      </Text>
      <Button colorPalette="brand" loading={busy} loadingText="Preparing your file..." onClick={download}>
        Download my data
      </Button>
    </Box>
  );
}

/** "Close my account": what goes and what stays, then the e-mail typed to confirm. */
function CloseSection({ client }: { client: ClientProfile }) {
  const signOut = useSignOut();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirmed = typed.trim().toLowerCase() === client.email.toLowerCase();

  async function close(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!confirmed) {
      setRefusal('Type the e-mail address of your account to confirm.');
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      await closeMyAccount(typed);
      toaster.create({
        type: 'success',
        title: 'Your account is closed.',
        description: `We sent a confirmation to ${client.email}.`,
      });
      await signOut();
    } catch (error) {
      const message = messageOf(error, 'Your account could not be closed just now. Please try again.');
      setRefusal(message);
      toaster.create({ type: 'error', title: 'Your account is not closed.', description: message });
      setBusy(false);
    }
  }

  return (
    <chakra.form aria-labelledby="privacy-close" onSubmit={close} noValidate>
      <Heading as="h2" id="privacy-close" size="lg" color="red.700">
        Close my account
      </Heading>
      <Text mt="1" color="gray.700">
        Closing your account cannot be undone. You are signed out, and:
      </Text>
      <List.Root as="ul" mt="2" mb="4" ps="5" gap="1" color="gray.700">
        {RETENTION_RULES.map((rule) => (
          <List.Item key={rule.records}>
            <Text as="span" fontWeight="semibold">
              {rule.records}:
            </Text>{' '}
            {rule.detail}
          </List.Item>
        ))}
      </List.Root>
      <Text mb="4" color="gray.700">
        While an order is being made or delivered, an invoice is unpaid or a measurement visit is booked, your account
        stays open: we tell you which. Our{' '}
        <chakra.a asChild color="brand.700" textDecoration="underline">
          <RouterLink to="/privacy-policy">privacy policy</RouterLink>
        </chakra.a>{' '}
        says more.
      </Text>
      <Stack gap="4" maxW="xl">
        <FormField
          id="close-account-email"
          name="confirmEmail"
          label={`Type ${client.email} to confirm`}
          error={refusal ?? undefined}
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                setRefusal(null);
              }}
            />
          )}
        </FormField>
        <Button type="submit" colorPalette="red" alignSelf="flex-start" loading={busy} loadingText="Closing...">
          Close my account
        </Button>
      </Stack>
    </chakra.form>
  );
}

/** Privacy: the client's data as a file, and closing the account. */
export function PrivacyTab({ client }: { client: ClientProfile }) {
  return (
    <Stack gap="10">
      <DownloadSection />
      <CloseSection client={client} />
    </Stack>
  );
}
