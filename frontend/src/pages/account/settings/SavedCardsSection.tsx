import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { cardExpired, cardExpiry, savedCardName, type SavedCardView } from '#domain/accounts/saved-cards';
import { fetchMyCards, removeMyCard, startCardSetup } from '../../../api/account';
import { ApiError } from '../../../api/client';
import { ConfirmDialog } from '../../../components/dialog/ConfirmDialog';
import { LoadFailed, Loading } from '../../../components/layout/LoadState';
import { toaster } from '../../../components/layout/toast-queue';
import { useResource } from '../../../lib/use-resource';

function SavedCard({ card, onRemove }: { card: SavedCardView; onRemove: (card: SavedCardView) => void }) {
  const name = savedCardName(card);
  const expired = cardExpired(card, new Date());
  return (
    <Flex
      as="li"
      listStyleType="none"
      justify="space-between"
      align="center"
      gap="3"
      wrap="wrap"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      p="4"
      data-testid="saved-card"
    >
      <Box>
        <Text fontWeight="semibold">{name}</Text>
        <Flex gap="2" align="center">
          <Text fontSize="sm" color="gray.700">
            Expires {cardExpiry(card)}
          </Text>
          {expired && (
            <Badge colorPalette="red" variant="subtle">
              Expired
            </Badge>
          )}
        </Flex>
      </Box>
      <Button
        size="sm"
        variant="outline"
        colorPalette="red"
        onClick={() => onRemove(card)}
        aria-label={`Remove ${name}`}
      >
        Remove
      </Button>
    </Flex>
  );
}

/**
 * The client's cards saved with Stripe: "Add a card" opens Stripe's page (setup mode: nothing is
 * charged), which comes back here; each card can be removed after a confirmation. Stripe keeps the
 * card numbers: the shop lists brand, last four digits and expiry only.
 */
export function SavedCardsSection() {
  const { state, reload, update } = useResource(fetchMyCards);
  const [opening, setOpening] = useState(false);
  const [removing, setRemoving] = useState<SavedCardView | null>(null);

  async function addCard() {
    setOpening(true);
    try {
      window.location.assign((await startCardSetup()).url);
    } catch {
      toaster.create({ type: 'error', title: 'Could not open the card page. Please try again.' });
      setOpening(false);
    }
  }

  async function remove() {
    if (!removing) return;
    const name = savedCardName(removing);
    try {
      await removeMyCard(removing.id);
      toaster.create({ type: 'success', title: `${name} removed.` });
    } catch (error) {
      // Already gone (removed in another tab): the list drops it all the same.
      if (!(error instanceof ApiError && error.kind === 'http' && error.status === 404)) {
        toaster.create({ type: 'error', title: `Could not remove ${name}. Please try again.` });
        return;
      }
    }
    update((cards) => cards.filter((card) => card.id !== removing.id));
    setRemoving(null);
  }

  return (
    <Box
      as="section"
      aria-labelledby="saved-cards-heading"
      mb="5"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="lg"
      p={{ base: '4', md: '6' }}
    >
      <Flex justify="space-between" align="baseline" gap="3" wrap="wrap" mb="3">
        <Heading as="h3" id="saved-cards-heading" size="md" color="brand.800">
          Saved cards
        </Heading>
        <Button size="sm" colorPalette="brand" loading={opening} onClick={addCard}>
          Add a card
        </Button>
      </Flex>
      <Text mb="4" color="gray.700" fontSize="sm">
        Cards are kept securely by Stripe, our payment provider: we never see or store the card number.
      </Text>
      {state.kind === 'loading' && <Loading>Loading your cards…</Loading>}
      {state.kind === 'failed' && <LoadFailed title="Could not load your cards." onRetry={reload} />}
      {state.kind === 'loaded' &&
        (state.data.length === 0 ? (
          <Text color="gray.700">You have no saved cards. Add one to pay faster at checkout.</Text>
        ) : (
          <Stack as="ul" gap="3" p="0" aria-label="Saved cards">
            {state.data.map((card) => (
              <SavedCard key={card.id} card={card} onRemove={setRemoving} />
            ))}
          </Stack>
        ))}
      <ConfirmDialog
        open={removing !== null}
        title="Remove card"
        message={`Remove ${removing ? savedCardName(removing) : 'this card'}? You can add it again later.`}
        confirmLabel="Remove"
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
