import { BrowserRouter } from 'react-router';
import { appStore } from './app-store';
import { AppProviders } from './providers';
import { ScreenSlot } from './routes/route-error';
import { AppRoutes } from './routes';
import { ScrollRestoration } from './scroll-restoration';

export function App() {
  return (
    <AppProviders store={appStore}>
      <BrowserRouter>
        <ScrollRestoration />
        <ScreenSlot>
          <AppRoutes />
        </ScreenSlot>
      </BrowserRouter>
    </AppProviders>
  );
}
