import { createContext } from 'react';
import type { ServiceManager } from './service-manager';

/**
 * Gives the registry, loaded on first use: the service configs come with the schema library,
 * which no public page needs. The same promise is returned on every call.
 */
export interface ServiceRegistry {
  manager: () => Promise<ServiceManager>;
}

export const ServiceManagerContext = createContext<ServiceRegistry | null>(null);
