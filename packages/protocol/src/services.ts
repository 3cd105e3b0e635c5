import { z } from 'zod';

/** The two internal services (docs/product.md#services), read through the web app's registry. */
export const serviceFeaturesSchema = z.object({
  realTimeChat: z.boolean(),
  messageHistory: z.boolean(),
  toolCalls: z.boolean(),
  multiModal: z.boolean(),
});

export const serviceConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  features: serviceFeaturesSchema,
  dependencies: z.array(z.string()),
  enabled: z.boolean().optional(),
});
export type ServiceConfig = z.infer<typeof serviceConfigSchema>;

export const serviceIds = ['chat-social-msg', 'chat-agent'] as const;
export type ServiceId = (typeof serviceIds)[number];

export const serviceConfigs: Record<ServiceId, ServiceConfig> = {
  'chat-social-msg': {
    id: 'chat-social-msg',
    name: 'Social messages',
    description: 'Social message service layer: friends and one-to-one chats in real time.',
    features: { realTimeChat: true, messageHistory: true, toolCalls: false, multiModal: true },
    dependencies: [],
    enabled: true,
  },
  'chat-agent': {
    id: 'chat-agent',
    name: 'AI chat agent',
    description: 'AI chat agent service layer: streamed model replies with reasoning and tools.',
    features: { realTimeChat: false, messageHistory: true, toolCalls: true, multiModal: true },
    dependencies: [],
    enabled: true,
  },
};
