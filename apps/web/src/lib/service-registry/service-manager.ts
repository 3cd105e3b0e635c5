import {
  serviceConfigs,
  serviceIds,
  type ServiceConfig,
  type ServiceId,
} from '@confab/protocol/services';

/**
 * The registry of the internal services (docs/product.md#services): each feature asks it for its
 * service's configuration instead of hard-coding what the service can do.
 */
export class ServiceManager {
  readonly #services: ReadonlyMap<ServiceId, ServiceConfig>;

  constructor(configs: Record<ServiceId, ServiceConfig> = serviceConfigs) {
    this.#services = new Map(serviceIds.map((id) => [id, configs[id]]));
  }

  get(id: ServiceId): ServiceConfig {
    const config = this.#services.get(id);
    // Unreachable for a valid id: the constructor fills every id of the contract.
    if (!config) throw new Error(`Unknown service: ${id}`);
    return config;
  }

  list(): ServiceConfig[] {
    return [...this.#services.values()];
  }

  /** A service is on unless its config turns it off explicitly. */
  isEnabled(id: ServiceId): boolean {
    return this.get(id).enabled !== false;
  }
}
