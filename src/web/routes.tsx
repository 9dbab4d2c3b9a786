// The screens of spec §2, in one place. Pages other than the first screens load on demand,
// keeping the first-load JavaScript small; each route has its own error boundary.
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { AUTH_FAILURE_REDIRECT_MS, USER_LOOKUP_FAILURE_REDIRECT_MS } from '@shared/rules';
import { isAuthPath, useCurrentUser } from './lib/auth';
import { lastSeenSignedIn, registerServiceWorker } from './lib/service-worker';
import { useAccountLanguage } from './lib/i18n/use-language';
import { withLandingWords, withScreenWords } from './lib/i18n/i18n';
import { PageSpinner } from './components/ui/spinner';
import { BackgroundErrorBoundary, RouteErrorBoundary } from './components/route-error-boundary';
import { NotFoundPage } from './pages/not-found-page';
// The signed-in home comes with the first load: on a phone each extra chunk is a round trip
// before the reports can paint (LCP).
import HomePage from './pages/home-page';

// The landing page is for visitors. It loads while the question "who is signed in?" is on its
// way, so a visitor waits for no extra round trip, and a phone that was signed in last time
// never loads it at all.
const loadLandingPage = withLandingWords(() => import('./pages/landing-page'));
if (!lastSeenSignedIn()) void loadLandingPage();
const LandingPage = lazy(() => loadLandingPage().then((module) => ({ default: module.LandingPage })));

// Its forms check with the server's zod schemas, which the landing page need not load. Each lazy
// screen brings the words of the screens beyond the first (withScreenWords).
const AuthPage = lazy(withScreenWords(() => import('./pages/auth-page')));
const ResetPasswordPage = lazy(withScreenWords(() => import('./pages/reset-password-page')));
const ProjectsPage = lazy(withScreenWords(() => import('./pages/projects-page')));
const ClientsPage = lazy(withScreenWords(() => import('./pages/clients-page')));
const ClientPage = lazy(withScreenWords(() => import('./pages/client-page')));
const TemplatesPage = lazy(withScreenWords(() => import('./pages/templates-page')));
const TeamPage = lazy(withScreenWords(() => import('./pages/team-page')));
const JoinPage = lazy(withScreenWords(() => import('./pages/join-page')));
const SignInLinkPage = lazy(withScreenWords(() => import('./pages/sign-in-link-page')));
const SubscribePage = lazy(withScreenWords(() => import('./pages/subscribe-page')));
const TestSubscriptionPage = lazy(withScreenWords(() => import('./pages/test-subscription-page')));
const AccountPage = lazy(withScreenWords(() => import('./pages/account-page')));
const AdminPage = lazy(withScreenWords(() => import('./pages/admin-page')));
const AccessibilityPage = lazy(withScreenWords(() => import('./pages/accessibility-page')));
// What this device keeps for the server (photos, edits, new reports) is sent on every signed-in
// screen; loaded only once someone signs in.
const OutboxRunner = lazy(withScreenWords(() => import('./features/outbox/outbox-runner')));

export function AppRoutes() {
  const { data: user, isPending } = useCurrentUser();
  const [location] = useLocation();
  useAccountLanguage();
  return (
    <>
      <UserLookupFailureRedirect />
      {user && (
        <WhenIdle>
          <BackgroundErrorBoundary>
            <Suspense fallback={null}>
              <OutboxRunner userId={user.id} />
            </Suspense>
          </BackgroundErrorBoundary>
          <ServiceWorker />
        </WhenIdle>
      )}
      <RouteErrorBoundary key={location}>
        <Suspense fallback={<PageSpinner />}>
          <Switch>
            <Route path="/">{isPending ? <PageSpinner /> : user ? <HomePage /> : <LandingPage />}</Route>
            <Route path="/auth" component={AuthPage} />
            <Route path="/reset-password" component={ResetPasswordPage} />
            <Route path="/admin" component={AdminPage} />
            <Route path="/accessibility" component={AccessibilityPage} />
            <Route path="/projects">{signedIn(ProjectsPage)}</Route>
            <Route path="/clients">{signedIn(ClientsPage)}</Route>
            <Route path="/clients/:id">{signedIn(ClientPage)}</Route>
            <Route path="/templates">{signedIn(TemplatesPage)}</Route>
            <Route path="/team">{signedIn(TeamPage)}</Route>
            <Route path="/join/:token" component={JoinPage} />
            <Route path="/sign-in/:token" component={SignInLinkPage} />
            <Route path="/subscribe">{signedIn(SubscribePage)}</Route>
            <Route path="/test-subscription">{signedIn(TestSubscriptionPage)}</Route>
            <Route path="/account">{signedIn(AccountPage)}</Route>
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}

/** The offline app (decision 018): registered once someone is signed in and the page is idle. */
function ServiceWorker() {
  useEffect(registerServiceWorker, []);
  return null;
}

/** Mounts its children once the first screen has painted and the browser is idle (TBT). */
function WhenIdle({ children }: { children: ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => setIdle(true), { timeout: 3000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 1000);
    return () => clearTimeout(timer);
  }, []);
  return idle ? <>{children}</> : null;
}

function signedIn(Page: ComponentType): ReactNode {
  return (
    <RequireUser>
      <Page />
    </RequireUser>
  );
}

/** spec §2: unauthenticated users are redirected to /auth after 500 ms. */
function RequireUser({ children }: { children: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (isPending || user) return;
    const timer = setTimeout(() => navigate('/auth'), AUTH_FAILURE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [isPending, user, navigate]);
  if (isPending || !user) return <PageSpinner />;
  return <>{children}</>;
}

/** spec §2: after a failed current-user lookup, go to /auth after 1 s unless already on an auth path. */
function UserLookupFailureRedirect() {
  const { isError, data: user } = useCurrentUser();
  const [location, navigate] = useLocation();
  // A user kept from an earlier visit (persisted-queries.ts) stays signed in on a weak signal.
  const failed = isError && !user;
  useEffect(() => {
    if (!failed || isAuthPath(location)) return;
    const timer = setTimeout(() => navigate('/auth'), USER_LOOKUP_FAILURE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [failed, location, navigate]);
  return null;
}
