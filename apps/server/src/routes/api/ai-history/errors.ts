import { errorReplySchema } from '@confab/protocol/errors';

/** The refusals an AI history route may answer with. */
export const aiHistoryErrors = {
  400: errorReplySchema,
  401: errorReplySchema,
  409: errorReplySchema,
  429: errorReplySchema,
};
