import { Button, Dialog, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useCallback, useId, useState } from 'react';
import { QUOTE_CHARGE_COPY } from '#domain/customer-quotes/charges';
import { quoteReference, type AdminQuoteSummary } from '#domain/customer-quotes/customer-quote';
import { formatCents } from '#domain/pricing/money';
import { ApiError, type FieldErrors } from '../../api/client';
import {
  fetchQuoteForStaff,
  fetchQuotesPage,
  issueQuoteVersion,
  type AdminQuoteDetail,
} from '../../api/customer-quotes';
import { SiteDialog } from '../../components/dialog/SiteDialog';
import { FormField } from '../../components/form/FormField';
import { LoadState } from '../../components/layout/LoadState';
import { toaster } from '../../components/layout/toast-queue';
import { useResource } from '../../lib/use-resource';
import { QuoteDetails } from '../quotes/QuoteParts';
import { QuoteStatusBadge } from '../quotes/QuoteStatusBadge';
import { PagedSection, usePagedList } from './PagedList';
import { staffDateTimeFormat } from './RecordDetail';
import { RecordList, type RecordColumn } from './RecordList';

const quotesPage = (cursor: string | null) =>
  fetchQuotesPage(cursor).then(({ quotes, nextCursor }) => ({ items: quotes, nextCursor }));

const total = (quote: AdminQuoteSummary) =>
  quote.totalCents === null ? 'Freight to price' : formatCents(quote.totalCents);
const status = (quote: AdminQuoteSummary) => <QuoteStatusBadge status={quote.status} label={quote.statusLabel} />;
const customer = (quote: AdminQuoteSummary) => (
  <>
    {quote.customerName}
    <Text fontSize="xs" color="gray.700">
      {quote.customerEmail}
    </Text>
  </>
);
const made = (quote: AdminQuoteSummary) => (
  <time dateTime={quote.createdAt}>{staffDateTimeFormat.format(new Date(quote.createdAt))}</time>
);

const DOLLARS_MESSAGE = 'Enter an amount in dollars, like 450 or 12.50.';

/** Dollars as typed ("450", "12.50") in cents; empty is none; null when it is no amount. */
function centsOf(dollars: string): number | undefined | null {
  if (dollars.trim() === '') return undefined;
  return /^\d+(\.\d{1,2})?$/.test(dollars.trim()) ? Math.round(Number(dollars) * 100) : null;
}

/** The request's fields a staff form names (its errors come back under these names). */
type VersionField = 'freightCents' | 'oldBlindsRemoved' | 'highLadderCents' | 'discountCents';

/** Staff's new version: their charges and discount, in dollars; the customer is mailed it and the quote shown is replaced. */
function VersionForm({ quote, onIssued }: { quote: AdminQuoteDetail; onIssued: (version: AdminQuoteDetail) => void }) {
  const formId = useId();
  const [values, setValues] = useState({
    freight: '',
    oldBlindsRemoved: '',
    highLadder: '',
    discount: '',
    discountLabel: '',
    note: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));
  async function issue() {
    const amounts = {
      freightCents: centsOf(values.freight),
      highLadderCents: centsOf(values.highLadder),
      discountCents: centsOf(values.discount),
    };
    const wrong = Object.entries(amounts).filter(([, cents]) => cents === null);
    if (wrong.length > 0) return setErrors(Object.fromEntries(wrong.map(([name]) => [name, DOLLARS_MESSAGE])));
    setBusy(true);
    try {
      const version = await issueQuoteVersion(quote.id, {
        freightCents: amounts.freightCents ?? undefined,
        oldBlindsRemoved: values.oldBlindsRemoved ? Number(values.oldBlindsRemoved) : 0,
        highLadderCents: amounts.highLadderCents ?? 0,
        discountCents: amounts.discountCents ?? 0,
        discountLabel: values.discountLabel || undefined,
        note: values.note,
      });
      setErrors({});
      toaster.create({
        type: 'success',
        title: `Issued ${quoteReference(version)}. The customer is e-mailed.`,
      });
      onIssued(version);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fieldErrors);
      toaster.create({ type: 'error', title: error instanceof ApiError ? error.message : 'Something went wrong.' });
    } finally {
      setBusy(false);
    }
  }
  const field = (id: VersionField, label: string, value: keyof typeof values, helperText?: string) => (
    <FormField id={`${formId}-${id}`} name={id} label={label} error={errors[id]} helperText={helperText}>
      {(control) => <Input {...control} inputMode="decimal" value={values[value]} onChange={set(value)} />}
    </FormField>
  );
  return (
    <form
      id={formId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void issue();
      }}
    >
      <Stack gap="4" mt="6">
        <Text fontWeight="semibold">New version</Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {quote.needsFreight && field('freightCents', 'Freight ($)', 'freight', QUOTE_CHARGE_COPY.freight)}
          {field(
            'oldBlindsRemoved',
            'Old blinds removed (count)',
            'oldBlindsRemoved',
            QUOTE_CHARGE_COPY.oldBlindRemoval,
          )}
          {field('highLadderCents', 'High-ladder work ($)', 'highLadder', QUOTE_CHARGE_COPY.highLadder)}
          {field('discountCents', 'Discount ($)', 'discount')}
          <FormField
            id={`${formId}-discountLabel`}
            name="discountLabel"
            label="Discount label"
            error={errors.discountLabel}
          >
            {(control) => <Input {...control} value={values.discountLabel} onChange={set('discountLabel')} />}
          </FormField>
        </SimpleGrid>
        <FormField id={`${formId}-note`} name="note" label="Note to the customer" error={errors.note}>
          {(control) => <Textarea {...control} rows={3} value={values.note} onChange={set('note')} />}
        </FormField>
        <Button type="submit" colorPalette="brand" loading={busy} alignSelf="flex-start">
          Issue version and e-mail
        </Button>
      </Stack>
    </form>
  );
}

function QuoteDialog({ quoteId, onClose, onChanged }: { quoteId: string; onClose: () => void; onChanged: () => void }) {
  const [shownId, setShownId] = useState(quoteId);
  const load = useCallback(() => fetchQuoteForStaff(shownId), [shownId]);
  const quote = useResource(load);
  return (
    <SiteDialog
      open
      onClose={onClose}
      size="xl"
      scrollBehavior="inside"
      title="Quote"
      footer={
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Close</Button>
        </Dialog.ActionTrigger>
      }
    >
      <LoadState
        resource={quote.state}
        loading="Loading the quote…"
        failed="Failed to load the quote"
        onRetry={quote.reload}
      >
        {(data) => (
          <Stack gap="4">
            <QuoteDetails quote={data} headingLevel="h2" />
            <Text fontSize="sm" color="gray.700">
              For {data.customer.name} ({data.customer.email}), {data.shippingAddress.city},{' '}
              {data.shippingAddress.state}. {data.notes && `Notes: ${data.notes}`}
            </Text>
            {(data.status === 'open' || data.status === 'awaitingPricing' || data.status === 'expired') && (
              <VersionForm
                quote={data}
                onIssued={(version) => {
                  setShownId(version.id);
                  onChanged();
                }}
              />
            )}
          </Stack>
        )}
      </LoadState>
    </SiteDialog>
  );
}

/** Customers' quotes, newest first; open one to read it and issue a new version (freight, removal, ladder work, a discount). */
export function QuotesTab() {
  const list = usePagedList(quotesPage);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = (quote: AdminQuoteSummary) => (
    <Button
      size="sm"
      colorPalette="brand"
      onClick={() => setOpenId(quote.id)}
      aria-label={`Open quote ${quote.reference}`}
    >
      Open
    </Button>
  );
  const columns: Array<RecordColumn<AdminQuoteSummary>> = [
    { header: 'Made', cell: made, cellProps: { whiteSpace: 'nowrap' } },
    { header: 'Quote', cell: (quote) => quote.reference },
    { header: 'Customer', cell: customer },
    { header: 'Blinds', cell: (quote) => String(quote.blindCount), align: 'end' },
    { header: 'Total', cell: total, align: 'end' },
    { header: 'Status', cell: status },
    { header: 'Actions', headerHidden: true, cell: open },
  ];
  return (
    <>
      <PagedSection id="admin-quotes" title="Customer quotes" noun="quotes" list={list}>
        {(items) => (
          <RecordList
            records={items}
            keyOf={(quote) => quote.id}
            columns={columns}
            card={{
              title: (quote) => quote.reference,
              aside: total,
              details: [
                { label: 'Made', value: made },
                { label: 'Customer', value: customer },
                { label: 'Status', value: status },
              ],
              actions: open,
            }}
          />
        )}
      </PagedSection>
      {openId && <QuoteDialog quoteId={openId} onClose={() => setOpenId(null)} onChanged={list.reload} />}
    </>
  );
}
