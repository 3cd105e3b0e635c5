import type { FastifyInstance } from 'fastify';
import { mcpGetPromptRoute } from './getPrompt';
import { mcpPromptsRoute } from './prompts';
import { mcpReadResourceRoute } from './readResource';
import { mcpResourcesRoute } from './resources';

/** The routes of MCP prompts (slash commands) and resources (attachments, resource links). */
export async function mcpPromptAndResourceRoutes(app: FastifyInstance): Promise<void> {
  await app.register(mcpPromptsRoute);
  await app.register(mcpGetPromptRoute);
  await app.register(mcpResourcesRoute);
  await app.register(mcpReadResourceRoute);
}
