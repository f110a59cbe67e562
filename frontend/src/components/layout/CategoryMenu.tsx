import { Box, Link } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { CATEGORIES } from '../../categories';
import { ChevronDownIcon } from '../icons';

/** A dropdown lingers this long after the pointer leaves, so a diagonal move to it does not close it. */
export const DROPDOWN_CLOSE_DELAY_MS = 150;

/**
 * Desktop category menu. A category's dropdown opens on hover and when its link gets focus (by
 * keyboard or by a click); it closes 150 ms after the pointer leaves, when focus leaves, or on Escape.
 */
export function CategoryMenu() {
  const [openId, setOpenId] = useState<string | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { pathname, search } = useLocation();

  const cancelClose = () => clearTimeout(closeTimer.current);
  const open = (id: string) => {
    cancelClose();
    setOpenId(id);
  };
  const closeLater = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpenId(null), DROPDOWN_CLOSE_DELAY_MS);
  };

  useEffect(() => () => clearTimeout(closeTimer.current), []);
  useEffect(() => setOpenId(null), [pathname, search]);

  return (
    <Box as="ul" display="flex" listStyleType="none" gap="1" alignItems="stretch">
      {CATEGORIES.map((category) => {
        const isOpen = openId === category.id;
        const menuId = `menu-${category.id}`;
        const hasSubmenu = category.subcategories.length > 0;
        return (
          <Box
            as="li"
            key={category.id}
            position="relative"
            onMouseEnter={() => hasSubmenu && open(category.id)}
            onMouseLeave={closeLater}
            onFocus={() => hasSubmenu && open(category.id)}
            onBlur={(event: React.FocusEvent<HTMLElement>) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpenId(null);
            }}
            onKeyDown={(event: React.KeyboardEvent<HTMLElement>) => {
              if (event.key === 'Escape' && isOpen) {
                setOpenId(null);
                event.currentTarget.querySelector<HTMLElement>('[data-category-link]')?.focus();
              }
            }}
          >
            <Link
              asChild
              display="inline-flex"
              alignItems="center"
              gap="1"
              h="full"
              px="3"
              py="2"
              rounded="md"
              fontWeight="semibold"
              color="gray.800"
              whiteSpace="nowrap"
              textDecoration="none"
              _hover={{ color: 'brand.700', bg: 'brand.50', textDecoration: 'none' }}
              aria-current={pathname === category.path ? 'page' : undefined}
            >
              <RouterLink
                to={category.path}
                data-category-link=""
                aria-expanded={hasSubmenu ? isOpen : undefined}
                aria-controls={hasSubmenu ? menuId : undefined}
                onClick={() => setOpenId(null)}
              >
                {category.name}
                {hasSubmenu && (
                  <ChevronDownIcon
                    boxSize="4"
                    transform={isOpen ? 'rotate(180deg)' : undefined}
                    transition="transform 0.15s"
                  />
                )}
              </RouterLink>
            </Link>
            {hasSubmenu && (
              <Box
                as="ul"
                id={menuId}
                aria-label={`${category.name} types`}
                display={isOpen ? 'block' : 'none'}
                position="absolute"
                top="100%"
                left="0"
                zIndex="dropdown"
                minW="64"
                whiteSpace="nowrap"
                mt="1"
                py="2"
                bg="white"
                rounded="lg"
                borderWidth="1px"
                borderColor="gray.200"
                boxShadow="lg"
                listStyleType="none"
              >
                {category.subcategories.map((sub) => (
                  <li key={sub.href}>
                    <Link
                      asChild
                      display="block"
                      px="4"
                      py="2"
                      color="gray.800"
                      textDecoration="none"
                      _hover={{ bg: 'brand.50', color: 'brand.800', textDecoration: 'none' }}
                    >
                      <RouterLink to={sub.href} onClick={() => setOpenId(null)}>
                        {sub.name} {category.name}
                      </RouterLink>
                    </Link>
                  </li>
                ))}
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
