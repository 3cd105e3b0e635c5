import { linkPreviewReplySchema, socialChatApiPaths } from '@confab/protocol/social-chat';
import { queryOptions } from '@tanstack/react-query';
import { socialRequest } from '@/lib/social-api/social-api-client';

/** `GET /link-preview?url=`: the page's preview as the server fetched it, or null. */
export const linkPreviewQueryOptions = (url: string) =>
  queryOptions({
    queryKey: ['social-chat-room', 'link-preview', url],
    queryFn: async ({ signal }) => {
      const reply = await socialRequest(
        `${socialChatApiPaths.linkPreview}?url=${encodeURIComponent(url)}`,
        { data: linkPreviewReplySchema.shape.data, signal },
      );
      return reply.data.preview;
    },
    // A page's preview does not change while the room is open; the server keeps it a day.
    staleTime: Infinity,
    // A refusal (too many previews a minute) is not asked again at once.
    retry: false,
  });
