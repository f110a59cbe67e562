import { Button, Link, Menu, Portal } from '@chakra-ui/react';
import { useAtom } from 'jotai';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { signOutEverywhere } from '../../auth/sign-out';
import { removeStorage } from '../../lib/browser-storage';
import { PARTNER_SESSION_KEYS } from '../../lib/storage-keys';
import { storedClientAtom } from '../../state';
import { ChevronDownIcon, UserIcon } from '../icons';

export const ACCOUNT_LINKS = [
  { label: 'My Account', href: '/account' },
  { label: 'Account Settings', href: '/account/settings' },
  { label: 'My Orders', href: '/account#orders' },
] as const;

/** Sign-out ends the Cognito session, forgets the stored client (and a punch-out session) and returns to the home page. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const [, setClient] = useAtom(storedClientAtom);
  return async () => {
    // Amplify forgets the tokens even when revoking them fails (offline): the browser is signed out either way.
    await signOutEverywhere().catch(() => undefined);
    for (const key of PARTNER_SESSION_KEYS) removeStorage('local', key);
    setClient(null);
    navigate('/');
  };
}

/** /login?redirect=<where the visitor is>, so signing in brings them back. */
export function useSignInHref(): string {
  const { pathname, search } = useLocation();
  return `/login?redirect=${encodeURIComponent(`${pathname}${search}`)}`;
}

/** "Sign In / Register" for guests; the account menu for signed-in clients. */
export function AccountMenu() {
  const [client] = useAtom(storedClientAtom);
  const signInHref = useSignInHref();
  const signOut = useSignOut();

  if (!client) {
    return (
      <Link asChild color="white" fontWeight="medium" display="inline-flex" gap="1.5" alignItems="center">
        <RouterLink to={signInHref}>
          <UserIcon boxSize="4" />
          Sign In / Register
        </RouterLink>
      </Link>
    );
  }

  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        if (value === 'logout') void signOut();
      }}
    >
      <Menu.Trigger asChild>
        <Button variant="plain" size="xs" color="white" px="0" h="auto" fontWeight="medium">
          <UserIcon boxSize="4" />
          {client.name ? `Hi, ${client.name.split(' ')[0]}` : 'My Account'}
          <ChevronDownIcon boxSize="3.5" />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            {ACCOUNT_LINKS.map((link) => (
              <Menu.Item key={link.href} value={link.href} asChild>
                <RouterLink to={link.href}>{link.label}</RouterLink>
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.Item value="logout">Log Out</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
