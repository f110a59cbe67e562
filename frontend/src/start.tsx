import { createStore } from 'jotai';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { createStyleCache, Providers } from './providers';

/**
 * Prerendered pages arrive with their HTML and are hydrated; every other path (and the dev server,
 * whose template holds only the placeholder comment) gets the bare shell. Hydrating in a transition
 * lets React yield to the browser every few milliseconds instead of holding the main thread for the
 * whole page (on a throttled phone, hundreds of milliseconds a customer cannot scroll or tap in).
 */
export function startApp(container: HTMLElement): void {
  const app = (
    <StrictMode>
      <Providers cache={createStyleCache()} store={createStore()}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </Providers>
    </StrictMode>
  );
  if (container.firstElementChild) {
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
  }
}
