import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers';
import { createRouter } from './router';
import { createStore } from './store';

export function App() {
  const [store] = useState(() => createStore());
  // The router's loaders start a page's data through the store before the page renders.
  const [router] = useState(() => createRouter(store));
  return (
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
