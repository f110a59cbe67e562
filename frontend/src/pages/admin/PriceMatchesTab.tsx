import { Button, Dialog, Flex, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { readableDate } from '#domain/appointments/schedule';
import {
  priceMatchAmountCents,
  PRICE_MATCH_STATUS_LABELS,
  PRICE_MATCH_VALID_DAYS,
} from '#domain/price-match/price-match';
import { priceMatchDecisionSchema } from '#domain/price-match/price-match-schema';
import { formatCents } from '#domain/pricing/money';
import { ApiError } from '../../api/client';
import { decidePriceMatch, fetchPriceMatchesPage, type PriceMatchRecord } from '../../api/price-matches';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { SiteDialog } from '../../components/dialog/SiteDialog';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/layout/toast-queue';
import { fieldErrorsOf } from '../../lib/use-zod-form';
import { PagedSection, usePagedList } from './PagedList';
import { staffDateTimeFormat } from './RecordDetail';
import { RecordList, type RecordColumn } from './RecordList';

const page = (list: 'requested' | 'decided') => (cursor: string | null) =>
  fetchPriceMatchesPage(list, cursor).then(({ priceMatches, nextCursor }) => ({ items: priceMatches, nextCursor }));
const waitingPage = page('requested');
const decidedPage = page('decided');

function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{staffDateTimeFormat.format(new Date(iso))}</time>;
}

const customer = (request: PriceMatchRecord) => (
  <>
    {request.customer.name}
    <br />
    <Link href={`mailto:${request.customer.email}`}>{request.customer.email}</Link>
  </>
);
const blind = (request: PriceMatchRecord) => (
  <>
    {request.configuration.quantity} x {request.title}
    <Text fontSize="xs" color="gray.700">
      {request.description[0]}
    </Text>
  </>
);
const competitor = (request: PriceMatchRecord) => (
  <>
    <Link href={request.competitorUrl} target="_blank" rel="noopener noreferrer" color="brand.700">
      {request.competitorName}
    </Link>
    {request.note && (
      <Text fontSize="xs" color="gray.700" whiteSpace="pre-line">
        “{request.note}”
      </Text>
    )}
  </>
);
const prices = (request: PriceMatchRecord) =>
  `${formatCents(request.competitorUnitCents)} against our ${formatCents(request.ourUnitCents)}`;
const difference = (request: PriceMatchRecord) => formatCents(priceMatchAmountCents(request));
const outcome = (request: PriceMatchRecord) =>
  request.code ? (
    <>
      {PRICE_MATCH_STATUS_LABELS[request.status]}: code {request.code.code}, {formatCents(request.code.amountCents)}{' '}
      until {readableDate(request.code.endsOn)}
    </>
  ) : (
    <>
      {PRICE_MATCH_STATUS_LABELS[request.status]}: {request.declineReason}
    </>
  );

/** Staff's reason for declining, which the customer is mailed: required. */
function DeclineDialog({
  request,
  onDecline,
  onClose,
}: {
  request: PriceMatchRecord;
  onDecline: (reason: string) => Promise<string | void>;
  onClose: () => void;
}) {
  const formId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function submit() {
    const found = fieldErrorsOf(priceMatchDecisionSchema, { action: 'decline', reason });
    setError(found.reason);
    if (found.reason) return;
    setBusy(true);
    try {
      setError((await onDecline(reason)) || undefined);
    } finally {
      setBusy(false);
    }
  }
  return (
    <SiteDialog
      open
      onClose={onClose}
      title={`Decline ${request.customer.name}'s request?`}
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline">Cancel</Button>
          </Dialog.ActionTrigger>
          <Button type="submit" form={formId} colorPalette="red" loading={busy}>
            Decline and E-mail
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <FormField
          id={`${formId}-reason`}
          name="reason"
          label="Reason (e-mailed to the customer)"
          required
          error={error}
        >
          {(control) => (
            <Textarea {...control} rows={3} value={reason} onChange={(event) => setReason(event.target.value)} />
          )}
        </FormField>
      </form>
    </SiteDialog>
  );
}

/**
 * Price match requests: those waiting for review first (oldest first), each approved (a single-use
 * code for the difference, mailed to the customer) or declined with a reason; then those decided.
 */
export function PriceMatchesTab() {
  const waiting = usePagedList(waitingPage);
  const decided = usePagedList(decidedPage);
  const [approving, setApproving] = useState<PriceMatchRecord | null>(null);
  const [declining, setDeclining] = useState<PriceMatchRecord | null>(null);

  /** Takes the decision; answers the reason field's error the server named, if any. */
  async function decide(request: PriceMatchRecord, reason: string | null): Promise<string | void> {
    try {
      const done = await decidePriceMatch(
        request.id,
        reason === null ? { action: 'approve' } : { action: 'decline', reason },
      );
      toaster.create({
        type: 'success',
        title: done.code
          ? `Approved: code ${done.code.code} for ${formatCents(done.code.amountCents)}. The customer is e-mailed.`
          : 'Declined. The customer is e-mailed the reason.',
      });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.reason) return error.fieldErrors.reason;
      toaster.create({
        type: 'error',
        title: error instanceof ApiError ? error.message : 'Something went wrong. Please try again.',
      });
    }
    setApproving(null);
    setDeclining(null);
    waiting.reload();
    decided.reload();
  }

  const actions = (request: PriceMatchRecord) => (
    <Flex gap="2" wrap="wrap">
      <Button size="sm" colorPalette="brand" onClick={() => setApproving(request)}>
        Approve
      </Button>
      <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDeclining(request)}>
        Decline
      </Button>
    </Flex>
  );
  const waitingColumns: Array<RecordColumn<PriceMatchRecord>> = [
    { header: 'Sent', cell: (request) => <DateTime iso={request.createdAt} />, cellProps: { whiteSpace: 'nowrap' } },
    { header: 'Customer', cell: customer },
    { header: 'Blind', cell: blind },
    { header: 'Competitor', cell: competitor },
    { header: 'Price a blind', cell: prices },
    { header: 'Difference', cell: difference, align: 'end' },
    { header: 'Actions', headerHidden: true, cell: actions },
  ];
  const decidedColumns: Array<RecordColumn<PriceMatchRecord>> = [
    {
      header: 'Decided',
      cell: (request) => <DateTime iso={request.decidedAt!} />,
      cellProps: { whiteSpace: 'nowrap' },
    },
    { header: 'Customer', cell: customer },
    { header: 'Blind', cell: blind },
    { header: 'Competitor', cell: competitor },
    { header: 'Price a blind', cell: prices },
    { header: 'Outcome', cell: outcome },
  ];

  return (
    <Stack gap="10">
      <PagedSection
        id="admin-price-matches-waiting"
        title="Price matches waiting for review"
        noun="price match requests"
        emptyText="No price match requests are waiting."
        list={waiting}
      >
        {(items) => (
          <RecordList
            records={items}
            keyOf={(request) => request.id}
            columns={waitingColumns}
            card={{
              title: blind,
              aside: difference,
              details: [
                { label: 'Sent', value: (request) => <DateTime iso={request.createdAt} /> },
                { label: 'Customer', value: customer },
                { label: 'Competitor', value: competitor },
                { label: 'Price a blind', value: prices },
              ],
              actions,
            }}
          />
        )}
      </PagedSection>
      <PagedSection
        id="admin-price-matches-decided"
        title="Price matches decided"
        noun="decided price matches"
        list={decided}
      >
        {(items) => (
          <RecordList
            records={items}
            keyOf={(request) => request.id}
            columns={decidedColumns}
            card={{
              title: blind,
              details: [
                { label: 'Decided', value: (request) => <DateTime iso={request.decidedAt!} /> },
                { label: 'Customer', value: customer },
                { label: 'Competitor', value: competitor },
                { label: 'Outcome', value: outcome },
              ],
            }}
          />
        )}
      </PagedSection>
      {approving && (
        <ConfirmDialog
          open
          title={`Approve and e-mail a ${difference(approving)} code?`}
          message={`${approving.customer.name} is e-mailed a single-use code for ${difference(approving)} off ${approving.configuration.quantity} x ${approving.title}, valid ${PRICE_MATCH_VALID_DAYS} days. This cannot be undone.`}
          confirmLabel="Approve and E-mail"
          onClose={() => setApproving(null)}
          onConfirm={async () => {
            await decide(approving, null);
          }}
        />
      )}
      {declining && (
        <DeclineDialog
          request={declining}
          onDecline={(reason) => decide(declining, reason)}
          onClose={() => setDeclining(null)}
        />
      )}
    </Stack>
  );
}
