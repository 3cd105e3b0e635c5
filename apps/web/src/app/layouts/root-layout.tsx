import { lazy, Suspense, useCallback } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { AppLinkNavigator } from '@/components/app-link';
import {
  useAccountStorage,
  useLeavingAccount,
  useUnclaimedQuestion,
} from '@/lib/account-storage/use-account-storage';
import { useSession } from '@/lib/auth/use-session';
import { useSessionSync } from '@/lib/auth/use-session-sync';
import { useRealtimeConnection } from '@/lib/realtime/use-realtime-connection';
import { useOutboxDelivery } from '@/features/social-chat/hooks/use-outbox-delivery';
import { useAiHistorySync } from '@/features/ai-chat/hooks/use-ai-history-sync';
import { useAiSettingsSync } from '@/features/ai-settings/hooks/use-ai-settings-sync';
import { resolveGuard } from '../router/resolve-guard';
import { useRouteColorMode } from '../router/use-route-color-mode';
import { AppLoading } from './app-loading';

// Loaded when needed: most page loads never ask (docs/product.md#account-storage).
const UnclaimedDataDialog = lazy(() =>
  import('@/components/unclaimed-data-dialog').then((m) => ({ default: m.UnclaimedDataDialog })),
);

/**
 * The root of every page. The root loader guards each navigation; this guards again when the
 * session changes under a page that is already shown (a popup sign-in, an expired session found
 * on a refetch). While a navigation is under way its loader decides, so a logout that sets the
 * session and navigates is not overtaken by a redirect from the page it leaves.
 */
export function RootLayout() {
  const location = useLocation();
  const navigating = useNavigation().state !== 'idle';
  const navigate = useNavigate();
  // Links shared with the sign-in page (components/app-link.tsx) navigate through the router here.
  const navigateTo = useCallback((to: string) => void navigate(to), [navigate]);
  const { signedIn, isPending, user } = useSession();
  useSessionSync();
  // The browser's stores become the signed-in account's before any page reads them.
  useAccountStorage(isPending ? undefined : (user?.id ?? null));
  // One socket per tab while signed in, whichever page is shown.
  useRealtimeConnection(user?.id ?? null);
  // Messages typed offline leave once connected, on any page, not only in their chat room.
  useOutboxDelivery(user?.id ?? null);
  // AI history arrives from the account's other devices on any page.
  useAiHistorySync(user?.id ?? null);
  // So do the provider settings (never a key in plaintext).
  useAiSettingsSync(user?.id ?? null);
  useRouteColorMode();
  const leaving = useLeavingAccount();
  const askingAboutData = useUnclaimedQuestion() !== null;

  // Signing out: nothing of the account is shown until the login page loads afresh.
  if (isPending || leaving) return <AppLoading />;
  const redirectTo = navigating
    ? null
    : resolveGuard(`${location.pathname}${location.search}${location.hash}`, signedIn);
  if (redirectTo) return <Navigate to={redirectTo} replace />;
  return (
    <AppLinkNavigator value={navigateTo}>
      <Suspense fallback={<AppLoading />}>
        <Outlet />
      </Suspense>
      {askingAboutData && (
        <Suspense fallback={null}>
          <UnclaimedDataDialog />
        </Suspense>
      )}
    </AppLinkNavigator>
  );
}
