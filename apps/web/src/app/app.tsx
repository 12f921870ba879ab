import { Suspense } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { appStore } from './app-store';
import { AppProviders } from './providers';
import { RouteErrorBoundary } from './routes/route-error';
import { AppRoutes } from './routes';
import { ScrollRestoration } from './scroll-restoration';

function Screens() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={null}>
        <AppRoutes />
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function App() {
  return (
    <AppProviders store={appStore}>
      <BrowserRouter>
        <ScrollRestoration />
        <Screens />
      </BrowserRouter>
    </AppProviders>
  );
}
