// First: no schema may be made before zod is told not to generate code.
import './no-code-generation.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The kit's own stylesheet, as a host imports it; the page themes it only through --elicitation-* (styles.css).
import '@elicitation-kit/react/styles.css';
import './styles.css';
import { App } from './app.js';

const root = document.getElementById('root');
if (root === null) {
  throw new Error('index.html has no #root element');
}
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
