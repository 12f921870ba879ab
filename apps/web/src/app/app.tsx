import { BrowserRouter } from 'react-router';
import { ScreenSlot } from '../ui/screen-slot';
import { appStore } from './app-store';
import { AppProviders } from './providers';
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
