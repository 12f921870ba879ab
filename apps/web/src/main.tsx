import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreenAt } from './app/routes';
import './index.css';

const root = document.getElementById('root');
// The page's own code first (the server hinted it, so it is usually here already): the first render is
// then whole. Not a top-level await: the screen's chunk imports this very script, which must finish first.
if (root) {
  void preloadScreenAt(window.location).then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
