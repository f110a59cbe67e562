import { Box, Flex, Heading, List, Stack, Text } from '@chakra-ui/react';
import { fetchSampleRequests, type SampleRequest } from '../../api/samples';
import { LoadState } from '../../components/layout/LoadState';
import { useResource } from '../../lib/use-resource';
import { RecordDetail, staffDateTimeFormat } from './RecordDetail';

function RequestCard({ request }: { request: SampleRequest }) {
  const headingId = `sample-request-${request.reference}`;
  return (
    <Box
      as="li"
      listStyleType="none"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      p="4"
      bg="white"
      aria-labelledby={headingId}
    >
      <Flex justify="space-between" wrap="wrap" gap="2" align="baseline">
        <Heading as="h3" id={headingId} size="sm" color="brand.800">
          {request.reference}
        </Heading>
        <Text fontSize="sm" color="gray.700">
          <time dateTime={request.createdAt}>{staffDateTimeFormat.format(new Date(request.createdAt))}</time>
        </Text>
      </Flex>
      <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="3" mt="3">
        <RecordDetail label="Name">{request.name}</RecordDetail>
        <RecordDetail label="E-mail">
          <a href={`mailto:${request.email}`}>{request.email}</a>
          {request.phone && <Text>{request.phone}</Text>}
        </RecordDetail>
        <RecordDetail label="Ship to">
          {[request.address1, request.address2, `${request.city}, ${request.state} ${request.zipCode}`]
            .filter(Boolean)
            .join(', ')}
        </RecordDetail>
      </Box>
      <Text mt="3" fontSize="xs" fontWeight="semibold" textTransform="uppercase" color="gray.600">
        Samples ({request.samples.length})
      </Text>
      <List.Root mt="1" ps="5" fontSize="sm">
        {request.samples.map((sample) => (
          <List.Item key={sample.id}>
            {sample.productName}, {sample.color} ({sample.material})
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}

/** Sample requests shoppers sent from their cart, newest first: what staff post and where. */
export function SampleRequestsTab() {
  const requests = useResource(fetchSampleRequests);
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">
        Sample Requests
      </Heading>
      <LoadState
        resource={requests.state}
        loading="Loading sample requests…"
        failed="Failed to load sample requests"
        onRetry={requests.reload}
      >
        {(loaded) =>
          loaded.length === 0 ? (
            <Text color="gray.700">No sample requests yet.</Text>
          ) : (
            <Stack as="ul" gap="3" p="0">
              {loaded.map((request) => (
                <RequestCard key={request.id} request={request} />
              ))}
            </Stack>
          )
        }
      </LoadState>
    </Stack>
  );
}
