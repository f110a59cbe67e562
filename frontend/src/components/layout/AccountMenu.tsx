import { Button, Link } from '@chakra-ui/react';
import { useAtom } from 'jotai';
import { useRef, useState, type ComponentProps } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { signOutEverywhere } from '../../auth/sign-out';
import { removeStorage } from '../../lib/browser-storage';
import { PARTNER_SESSION_KEYS } from '../../lib/storage-keys';
import { storedClientAtom, type StoredClient } from '../../state';
import { ChevronDownIcon, UserIcon } from '../icons';
import { toaster } from './Toaster';
import { onDemand } from './useOnDemand';

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

/** The menu's code (and the popup machinery under it) is downloaded for signed-in clients only, after the page hydrates. */
const useAccountDropdown = onDemand(() => import('./AccountDropdown').then((module) => module.AccountDropdown));

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

/** "Sign In / Register" for guests; the account menu for signed-in clients. */
export function AccountMenu() {
  const [client] = useAtom(storedClientAtom);
  const signInHref = useSignInHref();
  /** Pressed before the menu's code arrived: it opens as soon as it has. */
  const [pressedEarly, setPressedEarly] = useState(false);
  const pressed = useRef(pressedEarly);
  pressed.current = pressedEarly;
  const Dropdown = useAccountDropdown(client !== null, () => {
    if (pressed.current) toaster.create({ id: 'account-menu-unavailable', type: 'error', title: 'The account menu could not be loaded. Please check your connection and reload the page.' });
  });

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
  if (!Dropdown) return <AccountMenuButton client={client} aria-haspopup="menu" onClick={() => setPressedEarly(true)} />;
  return <Dropdown client={client} defaultOpen={pressedEarly} />;
}
