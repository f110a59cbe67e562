import { Menu, Portal } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { StoredClient } from '../../state';
import { ACCOUNT_LINKS, AccountMenuButton, useSignOut } from './account-links';

/** The signed-in client's menu in the header: their account pages and Log Out. */
export function AccountDropdown({ client, defaultOpen }: { client: StoredClient; defaultOpen: boolean }) {
  const signOut = useSignOut();
  return (
    <Menu.Root
      defaultOpen={defaultOpen}
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        if (value === 'logout') void signOut();
      }}
    >
      <Menu.Trigger asChild>
        <AccountMenuButton client={client} />
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
