import { Box, Button, Link, Separator, Stack, Text } from '@chakra-ui/react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { RefObject } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BUSINESS } from '../../business';
import { useOfficeHours } from '../../lib/office-hours';
import { CATEGORIES } from '../../categories';
import { SiteDrawer } from '../dialog/SiteDrawer';
import { measureModalOpenAtom, partnerBuyerAtom, storedClientAtom } from '../../state';
import { CartIcon, PhoneIcon } from '../icons';
import { ACCOUNT_LINKS, useSignInHref, useSignOut } from './account-links';

const menuLinkProps = {
  display: 'block',
  py: '2',
  color: 'gray.800',
  textDecoration: 'none',
  _hover: { color: 'brand.700', textDecoration: 'none' },
} as const;

/**
 * The small-screen menu's drawer: categories with their types, cart, account and the phone number.
 * Loaded with the menu's first opening (MobileMenu.tsx); closing it gives focus back to `trigger`.
 */
export function MobileMenuDrawer({
  open,
  onOpenChange,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const client = useAtomValue(storedClientAtom);
  const partner = useAtomValue(partnerBuyerAtom);
  const openMeasureModal = useSetAtom(measureModalOpenAtom);
  const signInHref = useSignInHref();
  const signOut = useSignOut();
  const officeHours = useOfficeHours();

  return (
    <SiteDrawer
      open={open}
      onClose={() => onOpenChange(false)}
      title="Menu"
      size="xs"
      finalFocusEl={() => trigger.current}
      closeLabel="Close menu"
    >
      <nav aria-label="Mobile">
        <Stack gap="4">
          {CATEGORIES.map((category) => (
            <Box key={category.id}>
              <Link asChild {...menuLinkProps} fontWeight="semibold" fontSize="lg">
                <RouterLink to={category.path}>{category.name}</RouterLink>
              </Link>
              {category.subcategories.length > 0 && (
                <Stack as="ul" gap="0" pl="4" borderLeftWidth="2px" borderColor="brand.100" listStyleType="none">
                  {category.subcategories.map((sub) => (
                    <li key={sub.href}>
                      <Link asChild {...menuLinkProps} py="1.5" color="gray.700">
                        <RouterLink to={sub.href}>{sub.name}</RouterLink>
                      </Link>
                    </li>
                  ))}
                </Stack>
              )}
            </Box>
          ))}
          <Separator />
          <Link asChild {...menuLinkProps} fontWeight="semibold" display="flex" alignItems="center" gap="2">
            <RouterLink to="/cart">
              <CartIcon boxSize="5" />
              Cart
            </RouterLink>
          </Link>
          {client ? (
            <Stack gap="0">
              {ACCOUNT_LINKS.map((link) => (
                <Link asChild key={link.href} {...menuLinkProps}>
                  <RouterLink to={link.href}>{link.label}</RouterLink>
                </Link>
              ))}
              <Button variant="outline" colorPalette="brand" mt="2" onClick={signOut}>
                Log Out
              </Button>
            </Stack>
          ) : (
            <Link asChild {...menuLinkProps} fontWeight="semibold">
              <RouterLink to={signInHref}>Sign In / Register</RouterLink>
            </Link>
          )}
          {!partner && (
            <Button
              colorPalette="oak"
              onClick={() => {
                onOpenChange(false);
                openMeasureModal(true);
              }}
            >
              Schedule a Measure
            </Button>
          )}
          <Separator />
          <Box>
            <Link
              href={`tel:${BUSINESS.phoneE164}`}
              fontWeight="bold"
              color="brand.700"
              display="inline-flex"
              gap="2"
              alignItems="center"
            >
              <PhoneIcon boxSize="4" />
              {BUSINESS.phoneDisplay}
            </Link>
            <Text fontSize="sm" color="gray.600" mt="1">
              {officeHours.headerText}
            </Text>
          </Box>
        </Stack>
      </nav>
    </SiteDrawer>
  );
}
