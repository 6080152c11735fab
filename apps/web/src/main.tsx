import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { bootstrapSession } from './app/bootstrap-session';
import './index.css';

// Spec 8: the client silences console output in production.
if (import.meta.env.PROD) {
  for (const method of ['log', 'info', 'debug', 'warn', 'error'] as const) console[method] = () => {};
}

void bootstrapSession();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
