import { CloseButton, Drawer, Portal, type DrawerRootProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface SiteDrawerProps {
  open: boolean;
  /** Called when the shopper dismisses the drawer (Escape, the backdrop or the ×). */
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size: DrawerRootProps['size'];
  /** Where focus goes back to on closing, when the browser no longer knows (the opener was re-rendered or disabled). */
  finalFocusEl: DrawerRootProps['finalFocusEl'];
  /** The ×'s accessible name. */
  closeLabel: string;
}

/** The site's drawer, from the end of the screen: SiteDialog's heading-font title over a ruled header, the body, the footer's actions. */
export function SiteDrawer({
  open,
  onClose,
  title,
  children,
  footer,
  size,
  finalFocusEl,
  closeLabel,
}: SiteDrawerProps) {
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      placement="end"
      size={size}
      finalFocusEl={finalFocusEl}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header borderBottomWidth="1px">
              <Drawer.Title fontFamily="heading" color="brand.800">
                {title}
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>{children}</Drawer.Body>
            {footer && (
              <Drawer.Footer flexDirection={{ base: 'column', sm: 'row' }} alignItems="stretch" gap="3">
                {footer}
              </Drawer.Footer>
            )}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={closeLabel} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
