import { Button, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { ClientSummary } from '#domain/accounts/customer-directory';
import { CONFIGURATION_TOASTS } from '#domain/punchout/configuration';
import { FormField } from '../../../components/form/FormField';
import { LabelledSelect } from '../../../components/form/LabelledSelect';
import { Loading } from '../../../components/layout/LoadState';
import { toaster } from '../../../components/layout/toast-queue';
import { fetchClientsPage } from '../admin-api';
import { usePagedList } from '../PagedList';

/** A page of the clients directory; a failure is also said in a toast. */
const clientsPage = (cursor: string | null) =>
  fetchClientsPage(cursor).then(
    ({ clients, nextCursor }) => ({ items: clients, nextCursor }),
    (error: unknown) => {
      toaster.create({ type: 'error', title: CONFIGURATION_TOASTS.loadClientsFailed });
      throw error;
    },
  );

function clientLabel(client: ClientSummary): string {
  return `${client.firstName} ${client.lastName} (${client.email})`;
}

/** The admin clients directory, a page at a time, searched in what is loaded. */
export function ClientChooser({
  idPrefix,
  clientId,
  error,
  onChange,
}: {
  idPrefix: string;
  clientId: string;
  error?: string;
  onChange: (clientId: string) => void;
}) {
  const { state, reload, loadMore } = usePagedList(clientsPage);
  const [search, setSearch] = useState('');
  const clients = state.kind === 'loaded' ? state.items : [];
  const loading = state.kind === 'loading' || (state.kind === 'loaded' && state.more === 'loading');
  const failed = state.kind === 'failed' || (state.kind === 'loaded' && state.more === 'failed');
  const words = search.trim().toLowerCase();
  const matching = clients.filter(
    (client) => !words || clientLabel(client).toLowerCase().includes(words) || client.id === clientId,
  );
  const chosenIsListed = !clientId || clients.some((client) => client.id === clientId);
  return (
    <Stack gap="3">
      <FormField
        id={`${idPrefix}-client-search`}
        name="clientSearch"
        label="Search clients"
        helperText="By name or e-mail among the clients loaded."
      >
        {(control) => (
          <Input {...control} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        )}
      </FormField>
      <LabelledSelect
        label="Client"
        required
        field={{ id: `${idPrefix}-clientId`, name: 'clientId', error }}
        disabled={state.kind === 'loading'}
        value={clientId}
        onChange={onChange}
        options={[
          { value: '', label: 'Select a client' },
          ...(chosenIsListed ? [] : [{ value: clientId, label: `Client ${clientId}` }]),
          ...matching.map((client) => ({ value: client.id, label: clientLabel(client) })),
        ]}
      />
      <Flex gap="3" align="center" wrap="wrap" minH="8">
        {loading && <Loading size="small">Loading clients…</Loading>}
        {failed && (
          <>
            <Text role="alert" fontSize="sm" color="red.700">
              {CONFIGURATION_TOASTS.loadClientsFailed}
            </Text>
            <Button size="xs" variant="outline" onClick={state.kind === 'failed' ? reload : loadMore}>
              Retry
            </Button>
          </>
        )}
        {state.kind === 'loaded' && state.more === 'idle' && state.nextCursor && (
          <Button size="xs" variant="outline" colorPalette="brand" onClick={loadMore}>
            Load more clients
          </Button>
        )}
      </Flex>
    </Stack>
  );
}
