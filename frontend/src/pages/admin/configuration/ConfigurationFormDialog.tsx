import { Box, Button, chakra, Flex, Stack, Tabs, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { CONFIGURATION_TOASTS } from '#domain/punchout/configuration';
import { SiteDialog } from '../../../components/dialog/SiteDialog';
import { Loading } from '../../../components/layout/LoadState';
import { AdvancedTab } from './AdvancedTab';
import { ClientTab } from './ClientTab';
import type { FormTab } from './configuration-form';
import { NewSecret, TestResult } from './ConfigurationParts';
import { SecurityTab } from './SecurityTab';
import { useConfigurationForm, type ConfigurationForm } from './useConfigurationForm';

function Footer({ config, formId, onClose }: { config: ConfigurationForm; formId: string; onClose: () => void }) {
  const { savedId, loading, loadFailed, testing } = config;
  const saving = config.form.submitting;
  return (
    <Flex gap="2" wrap="wrap" justify="flex-end" w="full">
      <Button variant="outline" onClick={onClose}>
        Cancel
      </Button>
      <Button
        variant="outline"
        colorPalette="brand"
        onClick={config.runTest}
        disabled={!savedId || loading || saving}
        loading={testing}
        loadingText="Testing..."
      >
        Test Configuration
      </Button>
      <Button
        type="submit"
        form={formId}
        colorPalette="brand"
        disabled={loading || loadFailed || testing}
        loading={saving}
        loadingText="Saving..."
      >
        Save Configuration
      </Button>
    </Flex>
  );
}

function TabSection({ value, children }: { value: FormTab; children: ReactNode }) {
  return (
    <Tabs.Content value={value} pt="4">
      <Stack gap="4">{children}</Stack>
    </Tabs.Content>
  );
}

/**
 * New Configuration (configId null) or Edit Configuration: the Client, Security and Advanced tabs;
 * Cancel, Test Configuration (of the saved configuration) and Save Configuration.
 */
export function ConfigurationFormDialog({
  configId,
  onClose,
  onSaved,
}: {
  configId: string | null;
  onClose: () => void;
  onSaved: (configId: string) => void;
}) {
  const config = useConfigurationForm(configId, onSaved);
  const formId = `${config.idPrefix}-form`;
  return (
    <SiteDialog
      open
      onClose={onClose}
      title={config.savedId ? 'Edit Configuration' : 'New Configuration'}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      titleFontSize="xl"
      footer={<Footer config={config} formId={formId} onClose={onClose} />}
    >
      {config.loading ? (
        <Loading minH="40">Loading the configuration…</Loading>
      ) : config.loadFailed ? (
        <Text role="alert" color="red.700">
          {CONFIGURATION_TOASTS.loadConfigurationsFailed}
        </Text>
      ) : (
        <chakra.form id={formId} ref={config.form.formRef} noValidate onSubmit={config.submit}>
          {config.newSecret && <NewSecret secret={config.newSecret} />}
          <Tabs.Root
            value={config.tab}
            onValueChange={(details) => config.setTab(details.value as FormTab)}
            colorPalette="brand"
            variant="enclosed"
            fitted
          >
            <Tabs.List>
              <Tabs.Trigger value="client">Client</Tabs.Trigger>
              <Tabs.Trigger value="security">Security</Tabs.Trigger>
              <Tabs.Trigger value="advanced">Advanced</Tabs.Trigger>
            </Tabs.List>
            <TabSection value="client">
              <ClientTab config={config} />
            </TabSection>
            <TabSection value="security">
              <SecurityTab config={config} />
            </TabSection>
            <TabSection value="advanced">
              <AdvancedTab config={config} />
            </TabSection>
          </Tabs.Root>
        </chakra.form>
      )}
      {!config.savedId && !config.loading && (
        <Text mt="4" fontSize="sm" color="gray.700">
          Save the configuration to test it.
        </Text>
      )}
      {config.testing && (
        <Loading size="small" mt="4">
          Testing the configuration…
        </Loading>
      )}
      {config.testResult && (
        <Box mt="4" aria-live="polite">
          <TestResult result={config.testResult} />
        </Box>
      )}
    </SiteDialog>
  );
}
