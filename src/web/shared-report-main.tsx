// The client link's page as its own entry: React and the page, not the whole app, so a
// client's phone loads a few kilobytes before the first pair shows. The server serves it at
// /r/{token} once the token is checked (src/server/share-links/shared-report-page.routes.ts).
import './lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SharedReportPage } from './pages/shared-report-page';
import './shared-report.css';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

createRoot(root).render(
  <StrictMode>
    <SharedReportPage />
  </StrictMode>,
);
