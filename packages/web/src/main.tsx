// Before anything that may build a zod schema.
import './lib/zod-jitless';
// The global stylesheet first: it declares the cascade layers' order, which the first mention fixes.
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
