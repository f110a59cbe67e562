/** What the header's account menu, its dropdown and the mobile menu share: the links, the button, signing in and out. */
import { Button } from '@chakra-ui/react';
import { useAtom } from 'jotai';
import type { ComponentProps } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { signOutEverywhere } from '../../auth/sign-out';
import { removeStorage } from '../../lib/browser-storage';
import { PARTNER_SESSION_KEYS } from '../../lib/storage-keys';
import { storedClientAtom, type StoredClient } from '../../state';
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

/** The header's button naming the signed-in client; AccountDropdown.tsx makes it the menu's trigger. */
export function AccountMenuButton({ client, ...props }: { client: StoredClient } & ComponentProps<typeof Button>) {
  return (
    <Button variant="plain" size="xs" color="white" px="0" h="auto" fontWeight="medium" {...props}>
      <UserIcon boxSize="4" />
      {client.name ? `Hi, ${client.name.split(' ')[0]}` : 'My Account'}
      <ChevronDownIcon boxSize="3.5" />
    </Button>
  );
}
