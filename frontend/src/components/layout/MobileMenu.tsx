import { IconButton } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { MenuIcon } from '../icons';
import { toaster } from './toast-queue';
import { onDemand } from './useOnDemand';

/** The drawer and the dialog machinery under it come with the menu's first opening. */
const useMobileMenuDrawer = onDemand(() => import('./MobileMenuDrawer').then((module) => module.MobileMenuDrawer));

/** The small-screen menu's button; the drawer it opens is MobileMenuDrawer.tsx. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const trigger = useRef<HTMLButtonElement>(null);
  const Drawer = useMobileMenuDrawer(open, () => {
    setOpen(false);
    toaster.create({
      id: 'menu-unavailable',
      type: 'error',
      title: 'The menu could not be loaded. Please check your connection and try again.',
    });
  });

  useEffect(() => setOpen(false), [location.pathname, location.search]);

  return (
    <>
      <IconButton
        ref={trigger}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        variant="ghost"
        color="brand.800"
        display={{ base: 'inline-flex', xl: 'none' }}
        onClick={() => setOpen(true)}
      >
        <MenuIcon boxSize="6" />
      </IconButton>
      {Drawer && <Drawer open={open} onOpenChange={setOpen} trigger={trigger} />}
    </>
  );
}
