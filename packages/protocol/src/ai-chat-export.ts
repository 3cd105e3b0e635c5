import { z } from 'zod';
import type { AiChat, AiChatMessage } from './ai-chat';
import { mcpCallReplySchema } from './mcp';
import { toolSelectionSchema } from './mcp-tool-selection';
import { providerNames } from './providers';
import { attachmentLimits, imageMimes } from './prompt-attachments';

/**
 * Confab's export file of AI chats (docs/product.md#ai-chat-transfer): a versioned envelope
 * holding every field of each chat and of each of its messages, so that importing it gives back
 * the same chats.
 */
export const aiChatExportFormat = 'confab-ai-chats';
export const aiChatExportVersion = 1;
/** Largest import file read, in bytes; a larger one is refused before it is read. */
export const aiChatImportMaxBytes = 256 * 1024 * 1024;

const epochMs = z.number();

export const aiChatSchema = z.object({
  id: z.string().min(1),
  createdAt: epochMs,
  summary: z.string(),
  model: z.string(),
  provider: z.enum(providerNames).optional(),
  systemMessage: z.string(),
  maxCtxMessages: z.number().int().min(0),
  temperature: z.number(),
  maxTokens: z.number().nullable(),
  prompt: z.string(),
  input: z.string(),
  stream: z.boolean(),
  context: z.string(),
  // Added later: chats stored or exported before them have none.
  noTools: z.boolean().optional(),
  toolSelection: toolSelectionSchema.optional(),
  topP: z.number().min(0).max(1).optional(),
  presencePenalty: z.number().min(-2).max(2).optional(),
  updatedAt: epochMs,
  // Optional: chats saved before approvals were kept stay valid.
  toolApprovals: z.array(z.string().max(500)).max(500).optional(),
}) satisfies z.ZodType<AiChat>;

const toolCallRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  args: z.unknown(),
  outcome: z.enum(['result', 'error', 'denied']).optional(),
  output: z.string().optional(),
  result: mcpCallReplySchema.optional(),
  error: z.string().optional(),
  durationMs: z.number().optional(),
});

const attachmentName = z.string().min(1).max(attachmentLimits.nameMax);
const attachmentSize = z.number().int().min(0).max(attachmentLimits.imageFileMaxBytes);

/** An image only as a base64 data URL of one of the image types sent; nothing else is shown. */
export const promptAttachmentSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('image'),
    name: attachmentName,
    size: attachmentSize,
    mime: z.enum(imageMimes),
    dataUrl: z
      .string()
      .max(attachmentLimits.imageDataUrlMax)
      .regex(/^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/),
    width: z.number().int().min(1).max(attachmentLimits.imageMaxSide),
    height: z.number().int().min(1).max(attachmentLimits.imageMaxSide),
  }),
  z.object({
    kind: z.enum(['text', 'pdf']),
    name: attachmentName,
    size: attachmentSize,
    mime: z.string().max(255),
    text: z.string().max(attachmentLimits.textMaxChars),
    truncated: z.boolean().optional(),
  }),
]);

export const aiChatMessageSchema = z.object({
  id: z.string().min(1),
  chatId: z.string().min(1),
  parentId: z.string().min(1).nullable().optional(),
  selectedAt: epochMs.optional(),
  prompt: z.string(),
  reply: z.string(),
  reasoning: z.string(),
  model: z.string(),
  provider: z.string(),
  temperature: z.number(),
  maxTokens: z.number().nullable(),
  inputTokens: z.number().min(0),
  outputTokens: z.number().min(0),
  memo: z.string(),
  isActive: z.boolean(),
  citedFiles: z.array(z.string()),
  citedChunks: z.array(z.string()),
  createdAt: epochMs,
  error: z.string().optional(),
  stopped: z.boolean().optional(),
  interrupted: z.boolean().optional(),
  toolCalls: z.array(toolCallRecordSchema).optional(),
  toolRoundsCapped: z.number().int().optional(),
  htmlStripped: z.boolean().optional(),
  attachments: z.array(promptAttachmentSchema).max(attachmentLimits.perPrompt).optional(),
}) satisfies z.ZodType<AiChatMessage>;

/** One chat with its messages, oldest first. */
export const aiChatExportEntrySchema = z.object({
  chat: aiChatSchema,
  messages: z.array(aiChatMessageSchema),
});
export type AiChatExportEntry = z.infer<typeof aiChatExportEntrySchema>;

/** The envelope only: its entries are checked one by one, so one bad chat skips that chat. */
export const aiChatExportEnvelopeSchema = z.object({
  format: z.literal(aiChatExportFormat),
  version: z.literal(aiChatExportVersion),
  /** ISO 8601. */
  exportedAt: z.string(),
  chats: z.array(z.unknown()),
});

export interface AiChatExport {
  format: typeof aiChatExportFormat;
  version: typeof aiChatExportVersion;
  exportedAt: string;
  chats: AiChatExportEntry[];
}
