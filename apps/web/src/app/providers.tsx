import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode } from 'react';
import { AccountDialogSlot } from '@/components/app-header/account-dialog-slot';
import { ToastHost } from '@/components/ui/toast-host';
import { AiBridgeContext, AiMarkdownSlot } from '@/lib/ai-bridge/ai-bridge';
import { ShareToChatSlot } from '@/lib/ai-bridge/share-to-chat-slot';
import { ServiceManagerProvider } from '@/lib/service-registry/service-manager-provider';
import { appAiBridge } from './compositions/ai-bridge';

// Loaded when first opened: it brings the protocol's schemas (zod), which no page needs at start.
const AccountDialog = lazy(() =>
  import('@/features/auth/components/account-dialog').then((m) => ({ default: m.AccountDialog })),
);

// The social chat's dialog that shares an AI answer into a friend chat, for the AI chat.
const ShareToChatDialog = lazy(() =>
  import('@/features/social-chat/components/share-to-chat-dialog').then((m) => ({
    default: m.ShareToChatDialog,
  })),
);

// The AI chat's markdown (loaded on first use itself), for model output shown elsewhere.
const AiMarkdown = lazy(() =>
  import('@/features/ai-chat/components/markdown-view-lazy').then((m) => ({
    default: m.MarkdownView,
  })),
);

/** Everything a page may rely on, outside the router so it survives navigation. */
export function AppProviders({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ServiceManagerProvider>
        <AccountDialogSlot value={AccountDialog}>
          <AiBridgeContext value={appAiBridge}>
            <AiMarkdownSlot value={AiMarkdown}>
              <ShareToChatSlot value={ShareToChatDialog}>
                {children}
                <ToastHost />
              </ShareToChatSlot>
            </AiMarkdownSlot>
          </AiBridgeContext>
        </AccountDialogSlot>
      </ServiceManagerProvider>
    </QueryClientProvider>
  );
}
