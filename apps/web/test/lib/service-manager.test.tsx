import { serviceConfigs } from '@confab/protocol/services';
import { act, render, renderHook, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ServiceManager } from '@/lib/service-registry/service-manager';
import { ServiceManagerProvider } from '@/lib/service-registry/service-manager-provider';
import { useService, useServiceManager } from '@/lib/service-registry/use-service';

function AgentService() {
  const service = useService('chat-agent');
  return (
    <p>
      {service.name}: tool calls {service.features.toolCalls ? 'on' : 'off'}
    </p>
  );
}

describe('service registry', () => {
  it('throws "ServiceManager not found" outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useServiceManager())).toThrow('ServiceManager not found');
    expect(() => renderHook(() => useService('chat-social-msg'))).toThrow(
      'ServiceManager not found',
    );
  });

  it('holds the two services of the contract with their configs', async () => {
    // An async act lets React retry the suspended render once the registry has loaded.
    await act(async () => {
      render(
        <ServiceManagerProvider>
          <Suspense fallback={<p>loading</p>}>
            <AgentService />
          </Suspense>
        </ServiceManagerProvider>,
      );
    });
    expect(await screen.findByText('AI chat agent: tool calls on')).toBeInTheDocument();

    const manager = new ServiceManager();
    expect(manager.list().map((service) => service.id)).toEqual(['chat-social-msg', 'chat-agent']);
    expect(manager.get('chat-social-msg').features.toolCalls).toBe(false);
    expect(manager.isEnabled('chat-agent')).toBe(true);
  });

  it('reports a service its config turns off', () => {
    const manager = new ServiceManager({
      ...serviceConfigs,
      'chat-agent': { ...serviceConfigs['chat-agent'], enabled: false },
    });
    expect(manager.isEnabled('chat-agent')).toBe(false);
    expect(manager.isEnabled('chat-social-msg')).toBe(true);
  });
});
