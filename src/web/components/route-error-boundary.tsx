// One per route: a screen that fails to render, or whose code cannot be loaded (a
// deploy replaced the hashed files, or the signal dropped), shows a way out instead of a blank
// page. Keyed by the location, so moving to another screen starts afresh.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { Button } from './ui/button';
import { t } from '../lib/i18n/i18n';

/** How browsers word a failed dynamic import (Chromium, Firefox, Safari). */
const CHUNK_LOAD_FAILURE = /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Failed to fetch/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('screen failed', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const chunk = isChunkLoadError(error);
    return (
      <main role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center">
        <h1 className="text-xl font-semibold">{chunk ? t('error.screenLoad.title') : t('error.screen.title')}</h1>
        <p className="max-w-sm text-slate-600">{chunk ? t('error.screenLoad.text') : t('error.screen.text')}</p>
        <Button onClick={() => window.location.reload()}>
          <RefreshCw className="size-4" aria-hidden="true" /> {t('common.reload')}
        </Button>
      </main>
    );
  }
}

/**
 * For work with nothing on screen (the upload runner): if its code cannot load (the signal
 * dropped right after sign-in), the app goes on without it rather than going blank. The photos
 * stay kept on the device and go up the next time the app is opened.
 */
export class BackgroundErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('background work failed to start', error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
