import { Box, Button, Checkbox, Flex, Heading, Input, Link, Stack, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { SAVED_PRODUCT_QUANTITY, savedProductQuantity } from '#domain/accounts/saved-product';
import { UnitPrice } from '../../components/catalogue/UnitPrice';
import { removeSavedProduct, renameSavedProduct, type SavedProductView } from '../../api/account';
import { addConfigurationToCart } from '../../api/cart';
import { ApiError } from '../../api/client';
import { ConfigurationThumbnail } from '../../components/illustration/BlindIllustration';
import { Loading } from '../../components/layout/LoadState';
import { toaster } from '../../components/layout/toast-queue';
import type { Resource } from '../../lib/use-resource';
import { addInBatches, addTimeoutFor, bulkAddMessage } from './bulk-add';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { ProductNameDialog } from './ProductNameDialog';

const isTimeout = (error: unknown) => error instanceof ApiError && error.kind === 'timeout';

/** My Account's Saved Products card: select rows, set each row's quantity, add to the cart, rename, remove. */
export function SavedProductsCard({
  state,
  onChange,
}: {
  state: Resource<SavedProductView[]>;
  onChange: (products: SavedProductView[]) => void;
}) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<SavedProductView | null>(null);
  const [removing, setRemoving] = useState<SavedProductView | null>(null);

  const products = state.kind === 'loaded' ? state.data : [];
  const chosen = products.filter((product) => selected.has(product.id));
  const allSelected = products.length > 0 && chosen.length === products.length;
  const quantityOf = (id: string) => savedProductQuantity(quantities[id] ?? '1');

  function toggle(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function addSelected() {
    setAdding(true);
    try {
      const result = await addInBatches(
        chosen,
        (product, remainingMs) =>
          addConfigurationToCart(
            { ...product.configuration, quantity: quantityOf(product.id) },
            { timeoutMs: remainingMs },
          ),
        isTimeout,
        { timeoutMs: addTimeoutFor(chosen.length) },
      );
      toaster.create(bulkAddMessage(result, chosen.length, chosen[0]?.name ?? null));
      if (result.failed === 0) setSelected(new Set());
    } catch {
      toaster.create({ type: 'error', title: 'An unexpected error occurred. Please try again later.' });
    } finally {
      setAdding(false);
    }
  }

  async function rename(name: string): Promise<string | void> {
    if (!renaming) return;
    try {
      const renamed = await renameSavedProduct(renaming.id, name);
      onChange(products.map((product) => (product.id === renamed.id ? renamed : product)));
      toaster.create({ type: 'success', title: 'Saved product renamed.' });
      setRenaming(null);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.name) return error.fieldErrors.name;
      toaster.create({ type: 'error', title: 'Failed to update product. Please try again.' });
    }
  }

  async function remove() {
    if (!removing) return;
    try {
      await removeSavedProduct(removing.id);
      onChange(products.filter((product) => product.id !== removing.id));
      toggle(removing.id, false);
      toaster.create({ type: 'success', title: `${removing.name} removed from your saved products.` });
      setRemoving(null);
    } catch {
      toaster.create({ type: 'error', title: 'Failed to remove product. Please try again.' });
    }
  }

  return (
    <Box
      as="section"
      aria-labelledby="saved-products-heading"
      bg="white"
      borderWidth="1px"
      rounded="lg"
      p={{ base: 4, md: 6 }}
    >
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="4">
        <Heading id="saved-products-heading" as="h2" size="lg" color="brand.800">
          Saved Products
        </Heading>
        {products.length > 0 && (
          <Button
            colorPalette="brand"
            disabled={chosen.length === 0}
            loading={adding}
            loadingText="Adding..."
            onClick={addSelected}
          >
            Add Selected to Cart{chosen.length > 0 ? ` (${chosen.length})` : ''}
          </Button>
        )}
      </Flex>

      {state.kind === 'loading' && (
        <Loading size="page" py="8">
          Loading your saved products…
        </Loading>
      )}
      {state.kind === 'failed' && <Text color="red.700">Could not load your saved products. Please try again.</Text>}
      {state.kind === 'loaded' && products.length === 0 && (
        <Stack align="center" py="6" gap="2" textAlign="center">
          <Text fontWeight="semibold">No saved products yet</Text>
          <Text color="gray.700">Save a configuration from any product page to order it later.</Text>
          <Link asChild color="brand.700" fontWeight="medium">
            <RouterLink to="/products">Shop blinds and shades</RouterLink>
          </Link>
        </Stack>
      )}
      {products.length > 0 && (
        <Stack gap="3">
          <Checkbox.Root
            colorPalette="brand"
            checked={allSelected ? true : chosen.length > 0 ? 'indeterminate' : false}
            onCheckedChange={(details) =>
              setSelected(details.checked === true ? new Set(products.map((product) => product.id)) : new Set())
            }
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Select all</Checkbox.Label>
          </Checkbox.Root>
          <chakra.ul listStyleType="none" display="grid" gap="3">
            {products.map((product) => {
              const quantityId = `saved-quantity-${product.id}`;
              return (
                <chakra.li key={product.id} borderWidth="1px" rounded="md" p="4" aria-label={product.name}>
                  <Flex gap="3" align="flex-start" wrap={{ base: 'wrap', md: 'nowrap' }}>
                    <Checkbox.Root
                      colorPalette="brand"
                      mt="1"
                      checked={selected.has(product.id)}
                      onCheckedChange={(details) => toggle(product.id, details.checked === true)}
                    >
                      <Checkbox.HiddenInput aria-label={`Select ${product.name}`} />
                      <Checkbox.Control />
                    </Checkbox.Root>
                    <ConfigurationThumbnail configuration={product.configuration} />
                    <Box flex="1" minW="0">
                      <Text fontWeight="bold" color="brand.800">
                        {product.name}
                      </Text>
                      <Text fontSize="sm" color="gray.700">
                        {product.title}
                      </Text>
                      <chakra.ul fontSize="sm" color="gray.700" mt="1" listStyleType="disc" pl="5">
                        {product.description.map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                      </chakra.ul>
                    </Box>
                    <Stack gap="2" align={{ base: 'flex-start', md: 'flex-end' }} minW={{ md: '40' }}>
                      <Text fontWeight="bold" fontSize="lg">
                        {product.unitCents === null ? (
                          <chakra.span color="red.700" fontSize="sm">
                            {product.priceError}
                          </chakra.span>
                        ) : (
                          <UnitPrice unitCents={product.unitCents} listUnitCents={product.listUnitCents ?? undefined} />
                        )}
                      </Text>
                      <Flex align="center" gap="2">
                        <chakra.label htmlFor={quantityId} fontSize="sm" fontWeight="semibold">
                          Quantity
                        </chakra.label>
                        <Input
                          id={quantityId}
                          type="number"
                          w="20"
                          size="sm"
                          min={SAVED_PRODUCT_QUANTITY.min}
                          max={SAVED_PRODUCT_QUANTITY.max}
                          value={quantities[product.id] ?? '1'}
                          onChange={(event) =>
                            setQuantities((current) => ({ ...current, [product.id]: event.target.value }))
                          }
                          onBlur={() =>
                            setQuantities((current) => ({ ...current, [product.id]: String(quantityOf(product.id)) }))
                          }
                        />
                      </Flex>
                      <Flex gap="2">
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setRenaming(product)}
                          aria-label={`Rename ${product.name}`}
                        >
                          Rename
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          colorPalette="red"
                          onClick={() => setRemoving(product)}
                          aria-label={`Remove ${product.name}`}
                        >
                          Remove
                        </Button>
                      </Flex>
                    </Stack>
                  </Flex>
                </chakra.li>
              );
            })}
          </chakra.ul>
        </Stack>
      )}

      <ProductNameDialog
        open={renaming !== null}
        title="Rename Saved Product"
        initialName={renaming?.name ?? ''}
        submitLabel="Save Name"
        onSubmit={rename}
        onClose={() => setRenaming(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Remove Saved Product"
        message={`Remove ${removing?.name ?? 'this product'} from your saved products?`}
        confirmLabel="Remove"
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
