import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastHost } from '@/components/ui/toast-host';
import { ServiceManagerProvider } from '@/lib/service-registry/service-manager-provider';

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
        {children}
        <ToastHost />
      </ServiceManagerProvider>
    </QueryClientProvider>
  );
}
