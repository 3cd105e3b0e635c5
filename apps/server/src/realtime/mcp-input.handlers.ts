import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../lib/app-error';
import type { SocketHandler } from '../plugins/socket';
import { onClientEvent } from './client-event';

/**
 * `mcpInputResponse` (docs/product.md#mcp-input): the user's answer to a question an MCP server
 * asked during their tool call. The call may run on another node than this socket's: an answer
 * to a question this node does not hold is handed to the others.
 */
export function mcpInputSocketHandlers(app: FastifyInstance): SocketHandler {
  const broker = app.services.mcpInput;
  return (socket) => {
    onClientEvent(socket, app.log, 'mcpInputResponse', async (payload, user) => {
      if (broker.holds(payload.requestId)) return broker.answer(user.id, payload);
      const reply = await app.services.realtime.forwardInput(user.id, payload).catch(() => null);
      if (!reply) throw notFound('This question was answered, cancelled or has expired');
      if (reply.ok) return reply.data;
      throw new AppError(
        reply.error.statusCode,
        reply.error.code,
        reply.error.message,
        reply.error.fields,
      );
    });
  };
}
