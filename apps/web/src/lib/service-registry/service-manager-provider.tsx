import { useState, type ReactNode } from 'react';
import type { ServiceManager } from './service-manager';
import { ServiceManagerContext, type ServiceRegistry } from './service-manager-context';

function createRegistry(load: () => Promise<ServiceManager>): ServiceRegistry {
  let loading: Promise<ServiceManager> | null = null;
  return { manager: () => (loading ??= load()) };
}

const loadDefault = () =>
  import('./service-manager').then(({ ServiceManager }) => new ServiceManager());

/** Provides the service registry; `manager` replaces the default one (tests, embedding). */
export function ServiceManagerProvider({
  manager,
  children,
}: {
  manager?: ServiceManager;
  children: ReactNode;
}) {
  const [registry] = useState(() =>
    createRegistry(manager ? () => Promise.resolve(manager) : loadDefault),
  );
  return (
    <ServiceManagerContext.Provider value={registry}>{children}</ServiceManagerContext.Provider>
  );
}
