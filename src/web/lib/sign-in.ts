// Signing in and registering (the sign-in page, joining a crew, a sign-in link): their own module,
// so the first load (which only asks who is signed in, auth.ts) carries no mutation code.
import { useMutation } from '@tanstack/react-query';
import type { LoginResponse, User } from '@shared/contract/auth';
import { deviceTimeZone } from '@shared/preferences';
import { POST_LOGIN_REFRESH_MS, TRIAL_DAYS } from '@shared/rules';
import { describeError, setAuthToken } from './api-client';
import { api } from './api';
import { queryClient } from './query-client';
import { forgetPendingSignOut, sendPendingSignOut } from './pending-sign-out';
import { PROJECTS_QUERY_KEY, SUBSCRIPTION_STATUS_QUERY_KEY, USER_QUERY_KEY } from './query-keys';
import { toast } from './toast';
import { currentLocale, t } from './i18n/i18n';

/**
 * Signs in through a call that answers as POST /api/login does (the login form, joining from an
 * invite, a sign-in link): a sign-out still waiting is sent first, then this device keeps the
 * bearer token and the user, and refreshes them shortly after.
 */
export async function signInThrough(call: () => Promise<LoginResponse>): Promise<User> {
  await sendPendingSignOut();
  const { authToken, ...user } = await call();
  forgetPendingSignOut();
  setAuthToken(authToken);
  queryClient.setQueryData(USER_QUERY_KEY, user);
  // spec §7: after 200 ms the user, subscription status and projects are refreshed.
  setTimeout(() => {
    for (const queryKey of [USER_QUERY_KEY, SUBSCRIPTION_STATUS_QUERY_KEY, PROJECTS_QUERY_KEY]) void queryClient.invalidateQueries({ queryKey });
  }, POST_LOGIN_REFRESH_MS);
  return user;
}

export function useLogin() {
  return useMutation({
    mutationFn: (body: Parameters<typeof api.login>[0]['body']) => signInThrough(() => api.login({ body })),
    onSuccess: (user) => toast({ title: t('auth.welcomeBack'), description: t('auth.signedInAs', { email: user.email ?? user.name }) }),
    onError: (error) => toast({ title: t('auth.loginFailed'), description: describeError(error, t('auth.checkCredentials')), variant: 'destructive' }),
  });
}

export function useRegister() {
  return useMutation({
    // The browser's zone becomes the business's zone for capture times in PDFs; editable in /account.
    // The language on screen becomes the account's: emails and PDFs follow it.
    mutationFn: async (body: Parameters<typeof api.register>[0]['body']) => {
      await sendPendingSignOut();
      return api.register({ body: { ...body, locale: body.locale ?? currentLocale(), timeZone: body.timeZone ?? deviceTimeZone() ?? undefined } });
    },
    onSuccess: (user) => {
      forgetPendingSignOut();
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast({ title: t('auth.accountCreated'), description: t('auth.trialStarted', { days: TRIAL_DAYS }) });
    },
    onError: (error) => toast({ title: t('auth.registrationFailed'), description: describeError(error, t('common.tryAgain')), variant: 'destructive' }),
  });
}
