import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { PageLoading } from './components/layout/PageLoading';
import { readStorage } from './lib/browser-storage';
import { STORAGE_KEYS } from './lib/storage-keys';
import NotFoundPage from './pages/not-found/NotFoundPage';
import { routeFor, siteRoutes, type SiteRoute } from './route-meta';

/** Each page is its own chunk; React.lazy keeps one instance per route so a page loads once. */
const pages = new Map<SiteRoute, ComponentType>(siteRoutes.map((route) => [route, lazy(route.load)]));

/**
 * Loads the page that renders `pathname` before the first render, so that neither the prerender nor
 * the browser's hydration suspends on it: both then render the whole tree in one pass in the same
 * order, and the style class names they compute agree.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const route = routeFor(pathname);
  if (route) pages.set(route, (await route.load()).default);
}

/** Login-required pages send visitors without a stored clientId to /login, remembering where they were. */
function RequireClient({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  if (!readStorage('local', STORAGE_KEYS.clientId)) {
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/login?redirect=${redirect}`} replace />;
  }
  return children;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        {siteRoutes.map((route) => {
          const Page = pages.get(route)!;
          const element = route.requiresClient ? (
            <RequireClient>
              <Page />
            </RequireClient>
          ) : (
            <Page />
          );
          return <Route key={route.path} path={route.path} element={element} />;
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
