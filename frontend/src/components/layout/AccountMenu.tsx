import { Link } from '@chakra-ui/react';
import { useAtom } from 'jotai';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { storedClientAtom } from '../../state';
import { UserIcon } from '../icons';
import { AccountMenuButton, useSignInHref } from './account-links';
import { toaster } from './toast-queue';
import { onDemand } from './useOnDemand';

/** The menu's code (and the popup machinery under it) is downloaded for signed-in clients only, after the page hydrates. */
const useAccountDropdown = onDemand(() => import('./AccountDropdown').then((module) => module.AccountDropdown));

/** "Sign In / Register" for guests; the account menu for signed-in clients. */
export function AccountMenu() {
  const [client] = useAtom(storedClientAtom);
  const signInHref = useSignInHref();
  /** Pressed before the menu's code arrived: it opens as soon as it has. */
  const [pressedEarly, setPressedEarly] = useState(false);
  const pressed = useRef(pressedEarly);
  pressed.current = pressedEarly;
  const Dropdown = useAccountDropdown(client !== null, () => {
    if (pressed.current)
      toaster.create({
        id: 'account-menu-unavailable',
        type: 'error',
        title: 'The account menu could not be loaded. Please check your connection and reload the page.',
      });
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
  if (!Dropdown)
    return <AccountMenuButton client={client} aria-haspopup="menu" onClick={() => setPressedEarly(true)} />;
  return <Dropdown client={client} defaultOpen={pressedEarly} />;
}
