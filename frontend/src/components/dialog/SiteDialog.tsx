import { CloseButton, Dialog, Portal, type DialogRootProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface SiteDialogProps {
  open: boolean;
  /** Called when the shopper dismisses the dialog (Escape, the backdrop, Close or a Cancel action trigger). */
  onClose: () => void;
  title: ReactNode;
  /** A line under the title. */
  subtitle?: ReactNode;
  children: ReactNode;
  footer: ReactNode;
  /** Absent: a small dialog kept clear of the screen's edges. */
  size?: DialogRootProps['size'];
  scrollBehavior?: DialogRootProps['scrollBehavior'];
  titleFontSize?: 'xl' | '2xl';
  role?: DialogRootProps['role'];
  /** The × in the corner; an alert dialog leaves it out so that its buttons are the only answers. */
  closeButton?: boolean;
  initialFocusEl?: DialogRootProps['initialFocusEl'];
  /** After the closing animation, e.g. to open another dialog without the closing click reaching it. */
  onExitComplete?: DialogRootProps['onExitComplete'];
}

/** The site's dialog: a heading-font title, an optional subtitle, the body, the footer's actions. */
export function SiteDialog({
  open,
  onClose,
  title,
  subtitle,
  children,
  footer,
  size,
  scrollBehavior,
  titleFontSize,
  role,
  closeButton = true,
  initialFocusEl,
  onExitComplete,
}: SiteDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      size={size}
      scrollBehavior={scrollBehavior}
      role={role}
      initialFocusEl={initialFocusEl}
      onExitComplete={onExitComplete}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={size ? undefined : '4'}>
            <Dialog.Header {...(subtitle ? { flexDirection: 'column', alignItems: 'flex-start', gap: '1' } : {})}>
              <Dialog.Title fontFamily="heading" fontSize={titleFontSize} color="brand.800">
                {title}
              </Dialog.Title>
              {subtitle}
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>{footer}</Dialog.Footer>
            {closeButton && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
