import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { PageLoading } from './components/layout/PageLoading';
import { readStorage } from './lib/browser-storage';
import { markPageReady } from './lib/page-ready';
import { STORAGE_KEYS } from './lib/storage-keys';
import NotFoundPage from './pages/not-found/NotFoundPage';
import { siteRoutes, type SiteRoute } from './route-meta';

/** Each page is its own chunk; React.lazy keeps one instance per route so a page loads once. */
const pages = new Map<SiteRoute, LazyExoticComponent<ComponentType>>(
  siteRoutes.map((route) => [route, lazy(route.load)]),
);

/** Login-required pages send visitors without a stored clientId to /login, remembering where they were. */
function RequireClient({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  if (!readStorage('local', STORAGE_KEYS.clientId)) {
    const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/login?redirect=${redirect}`} replace />;
  }
  return children;
}

/**
 * Hydration yields to the browser (main.tsx) and a page's chunk arrives after the layout's, so the
 * page is live only when the route's boundary has committed: this marks that moment.
 */
function PageReady() {
  useEffect(markPageReady, []);
  return null;
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
      <PageReady />
    </Suspense>
  );
}
