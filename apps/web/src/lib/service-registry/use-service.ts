import type { ServiceConfig, ServiceId } from '@confab/protocol/services';
import { use, useContext } from 'react';
import type { ServiceManager } from './service-manager';
import { ServiceManagerContext } from './service-manager-context';

/** The service registry; suspends while it loads the first time. */
export function useServiceManager(): ServiceManager {
  const registry = useContext(ServiceManagerContext);
  // docs/product.md#client-errors: the registry is missing when its provider was not mounted.
  if (!registry) throw new Error('ServiceManager not found');
  return use(registry.manager());
}

export function useService(id: ServiceId): ServiceConfig {
  return useServiceManager().get(id);
}
