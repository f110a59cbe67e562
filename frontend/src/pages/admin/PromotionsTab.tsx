import { Badge, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FAMILIES } from '#domain/catalogue/families';
import { formatCents } from '#domain/pricing/money';
import { promotionOfferText, type Promotion } from '#domain/promotions/promotion';
import {
  PROMOTION_STATUS_LABELS,
  promotionStatus,
  redemptionsText,
  type PromotionStatus,
} from '#domain/promotions/promotion-status';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { LoadState } from '../../components/layout/LoadState';
import { toaster } from '../../components/layout/toast-queue';
import { useResource } from '../../lib/use-resource';
import { PromotionFormDialog } from './PromotionFormDialog';
import { endPromotion, fetchPromotions } from './promotions-api';
import { RecordList } from './RecordList';

const STATUS_PALETTES: Record<PromotionStatus, string> = {
  scheduled: 'blue',
  active: 'green',
  ended: 'gray',
  expired: 'gray',
};

/** A day of the shop's calendar as staff read it: "Nov 28, 2026". */
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const dayText = (date: string) => dayFormat.format(new Date(`${date}T12:00:00Z`));

const codeText = (promotion: Promotion) => promotion.code ?? 'Automatic sale';
const productsText = (promotion: Promotion) =>
  promotion.families.length === 0
    ? 'All products'
    : promotion.families.map((family) => FAMILIES[family].name).join(', ');
const datesText = (promotion: Promotion) => `${dayText(promotion.startsOn)} to ${dayText(promotion.endsOn)}`;

/** What an order needs for it: "10 or more blinds, $500.00 or more"; null when any order will do. */
function needsText(promotion: Promotion): string | null {
  const needs = [
    promotion.minBlinds > 0 ? `${promotion.minBlinds} or more blinds` : null,
    promotion.minSubtotalCents > 0 ? `${formatCents(promotion.minSubtotalCents)} or more` : null,
  ].filter(Boolean);
  return needs.length > 0 ? needs.join(', ') : null;
}

function Offer({ promotion }: { promotion: Promotion }) {
  const needs = needsText(promotion);
  return (
    <>
      {promotionOfferText(promotion)}
      {needs && (
        <Text fontSize="xs" color="gray.700">
          {needs}
        </Text>
      )}
    </>
  );
}

function Redemptions({ promotion }: { promotion: Promotion }) {
  return (
    <>
      {redemptionsText(promotion)}
      {promotion.perCustomerLimit !== null && (
        <Text fontSize="xs" color="gray.700">
          {promotion.perCustomerLimit} per customer
        </Text>
      )}
    </>
  );
}

function StatusBadge({ status }: { status: PromotionStatus }) {
  return (
    <Badge colorPalette={STATUS_PALETTES[status]} variant="subtle">
      {PROMOTION_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A table from md up; cards on a phone. Edit for each; End while it can still be used. */
function PromotionList({
  promotions,
  onEdit,
  onEnd,
}: {
  promotions: Promotion[];
  onEdit: (promotion: Promotion) => void;
  onEnd: (promotion: Promotion) => void;
}) {
  const now = new Date();
  const status = (promotion: Promotion) => <StatusBadge status={promotionStatus(promotion, now)} />;
  const offer = (promotion: Promotion) => <Offer promotion={promotion} />;
  const redemptions = (promotion: Promotion) => <Redemptions promotion={promotion} />;
  const paid = (promotion: Promotion) => String(promotion.paidCount);
  const revenue = (promotion: Promotion) => formatCents(promotion.revenueCents);
  const actions = (promotion: Promotion) => {
    const named = `${codeText(promotion)}, ${promotion.name}`;
    const endable = ['scheduled', 'active'].includes(promotionStatus(promotion, now));
    return (
      <Flex gap="2" wrap="wrap">
        <Button size="xs" variant="outline" aria-label={`Edit ${named}`} onClick={() => onEdit(promotion)}>
          Edit
        </Button>
        {endable && (
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            aria-label={`End ${named}`}
            onClick={() => onEnd(promotion)}
          >
            End
          </Button>
        )}
      </Flex>
    );
  };
  return (
    <RecordList
      records={promotions}
      keyOf={(promotion) => promotion.id}
      columns={[
        {
          header: 'Promotion',
          cell: (promotion) => (
            <>
              <Text as="span" fontFamily={promotion.code ? 'mono' : undefined} fontWeight="semibold">
                {codeText(promotion)}
              </Text>
              <Text fontSize="xs" color="gray.700">
                {promotion.name}
              </Text>
            </>
          ),
        },
        { header: 'Discount', cell: offer },
        { header: 'Products', cell: productsText },
        { header: 'Dates', cell: datesText },
        { header: 'Status', cell: status },
        { header: 'Redemptions', align: 'end', cell: redemptions, cellProps: { whiteSpace: 'nowrap' } },
        { header: 'Paid orders', align: 'end', cell: paid },
        { header: 'Revenue', align: 'end', cell: revenue },
        { header: 'Actions', headerHidden: true, cell: actions },
      ]}
      card={{
        title: codeText,
        aside: status,
        details: [
          { label: 'Name', value: (promotion) => promotion.name },
          { label: 'Discount', value: offer },
          { label: 'Products', value: productsText },
          { label: 'Dates', value: datesText },
          { label: 'Redemptions', value: redemptions },
          { label: 'Paid orders', value: paid },
          { label: 'Revenue', value: revenue },
        ],
        actions,
      }}
    />
  );
}

type Editing = { promotion: Promotion | null } | null;

const loadPromotions = ({ signal }: { signal: AbortSignal }) => fetchPromotions({ signal });

/**
 * Staff's promotions: codes customers enter and automatic sales, each with its redemptions, paid
 * orders and the revenue it touched; make one, change one, end one.
 */
export function PromotionsTab() {
  const list = useResource(loadPromotions);
  const [editing, setEditing] = useState<Editing>(null);
  const [ending, setEnding] = useState<Promotion | null>(null);

  const put = (promotion: Promotion, created: boolean) =>
    list.update((current) =>
      created ? [promotion, ...current] : current.map((item) => (item.id === promotion.id ? promotion : item)),
    );

  async function end(promotion: Promotion) {
    try {
      put(await endPromotion(promotion.id), false);
      setEnding(null);
      toaster.create({ type: 'success', title: 'Promotion ended.' });
    } catch (error) {
      toaster.create({
        type: 'error',
        title: error instanceof ApiError ? error.message : 'The promotion could not be ended. Please try again.',
      });
    }
  }

  return (
    <Stack as="section" gap="4" aria-labelledby="admin-promotions">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h2" id="admin-promotions" size="lg">
          Promotions
        </Heading>
        <Button
          colorPalette="brand"
          disabled={list.state.kind !== 'loaded'}
          onClick={() => setEditing({ promotion: null })}
        >
          New Promotion
        </Button>
      </Flex>
      <Text color="gray.700">
        A code takes money off the blinds of an order when a customer enters it; a promotion without a code is an
        automatic sale, shown to every customer as a banner. One promotion applies to an order: the one that saves most.
      </Text>
      <LoadState
        resource={list.state}
        loading="Loading promotions…"
        failed="Failed to load promotions"
        onRetry={list.reload}
      >
        {(promotions) =>
          promotions.length === 0 ? (
            <Text color="gray.700">No promotions yet. Make one to offer a code or run a sale.</Text>
          ) : (
            <PromotionList
              promotions={promotions}
              onEdit={(promotion) => setEditing({ promotion })}
              onEnd={setEnding}
            />
          )
        }
      </LoadState>
      <PromotionFormDialog
        open={editing !== null}
        promotion={editing?.promotion ?? null}
        onClose={() => setEditing(null)}
        onSaved={(promotion, created) => {
          setEditing(null);
          put(promotion, created);
        }}
      />
      {ending && (
        <ConfirmDialog
          open
          title="End this promotion?"
          message={`${codeText(ending)} (${ending.name}) stops applying at once: no new order can use it. Orders already placed with it keep their discount. This cannot be undone.`}
          confirmLabel="End Promotion"
          onClose={() => setEnding(null)}
          onConfirm={() => end(ending)}
        />
      )}
    </Stack>
  );
}
