import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installFocusKeeper } from './lib/focus-keeper';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lost its #root element');
installFocusKeeper();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
