import { SiteLayout } from './components/layout/SiteLayout';
import { AppRoutes } from './routes';

export function App() {
  return (
    <SiteLayout>
      <AppRoutes />
    </SiteLayout>
  );
}
