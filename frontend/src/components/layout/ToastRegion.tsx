import { Toaster as ChakraToaster, createToaster, Portal, Spinner, Stack, Toast } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useEffect, useState, type CSSProperties } from 'react';
import { useLocation } from 'react-router-dom';
import {
  bottomBarHeightAtom,
  CHAT_LAUNCHER_MARGIN,
  CHAT_LAUNCHER_SIZE,
  toastsKeepClearOfAtom,
} from '../../lib/bottom-bar';
import { routeMetaFor } from '../../route-meta';
import { deliverToasts } from './toast-queue';

/** Set on the region by the page's state (useToastsBottom): the distance of the toasts' stack from the bottom of the screen. */
const BOTTOM_PROPERTY = '--toasts-bottom';

const store = createToaster({
  placement: 'bottom-end',
  pauseOnPageIdle: true,
  offsets: { top: '1rem', right: '1rem', left: '1rem', bottom: `var(${BOTTOM_PROPERTY}, 1rem)` },
});
deliverToasts((options) => {
  store.create(options);
});

/** How far the element's top is above the bottom of the screen while it shows there, else 0. */
function heightAboveScreenBottom(element: HTMLElement): number {
  const { top, bottom } = element.getBoundingClientRect();
  return top < window.innerHeight && bottom > 0 ? window.innerHeight - top : 0;
}

/**
 * Toasts stand above what they would otherwise cover (issue 25): the bar fixed to the bottom, the chat
 * launcher (on every page but staff screens) and the element the page keeps clear, followed as the
 * page scrolls.
 */
function useToastsBottom(): string {
  const { pathname } = useLocation();
  const barHeight = useAtomValue(bottomBarHeightAtom);
  const keepClearOf = useAtomValue(toastsKeepClearOfAtom);
  const [keptClear, setKeptClear] = useState(0);

  useEffect(() => {
    if (!keepClearOf) {
      setKeptClear(0);
      return;
    }
    const measure = () => setKeptClear(heightAboveScreenBottom(keepClearOf));
    measure();
    const resize = new ResizeObserver(measure);
    resize.observe(keepClearOf);
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      resize.disconnect();
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [keepClearOf]);

  const launcher = routeMetaFor(pathname).staffScreen ? '0px' : `${CHAT_LAUNCHER_SIZE} + ${CHAT_LAUNCHER_MARGIN}`;
  return `max(calc(${barHeight}px + ${launcher} + 1rem), calc(${keptClear}px + 0.5rem))`;
}

/** The page's toasts as Chakra draws them, downloaded when the region starts (Toaster.tsx). */
export function ToastRegion() {
  const bottom = useToastsBottom();
  return (
    <Portal>
      <ChakraToaster
        toaster={store}
        insetInline={{ mdDown: '4' }}
        style={{ [BOTTOM_PROPERTY]: bottom } as CSSProperties}
      >
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.600" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {/* Chakra dims the description to 80%, which leaves it under 4.5:1 on the coloured toasts. */}
              {toast.description && <Toast.Description opacity="1">{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
