import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SessionUser } from '@confab/protocol/auth';
import type { Contact } from '@confab/protocol/contacts';
import { errorReplySchema } from '@confab/protocol/errors';
import {
  addContactBodySchema,
  contactActionBodySchema,
  contactChatReplySchema,
  contactFailureTexts,
  contactListQuerySchema,
  contactListReplySchema,
  contactReplySchema,
  contactsPaths,
  removeContactReplySchema,
  unblockContactReplySchema,
  type ContactOperation,
} from '@confab/protocol/contacts';
import { ok } from '../../../lib/envelope';
import { errorHandler } from '../../../plugins/errors';
import { signedInUser } from '../../../plugins/session';

const operationByUrl = new Map<string, ContactOperation>(
  Object.entries(contactsPaths).map(([operation, url]) => [url, operation as ContactOperation]),
);

const errors = {
  400: errorReplySchema,
  401: errorReplySchema,
  403: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
  429: errorReplySchema,
};

/**
 * `/api/chat-social-msg/contacts/*`: the social API's contact operations, in the
 * `{statusCode, data, message}` envelope. Every error message starts with the operation's fixed
 * failure text (docs/product.md#failure-texts), then says what went wrong.
 */
export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.setErrorHandler(
    errorHandler((request) => {
      const operation = operationByUrl.get(request.routeOptions.url ?? '');
      return operation && contactFailureTexts[operation];
    }),
  );
  app.addHook('onRequest', app.requireUser);
  const contacts = app.services.contacts;

  app.get(
    contactsPaths.list,
    {
      schema: {
        querystring: contactListQuerySchema,
        response: { 200: contactListReplySchema, ...errors },
      },
    },
    async (request) =>
      ok({ formattedContacts: await contacts.list(signedInUser(request), request.query) }),
  );

  app.post(
    contactsPaths.add,
    {
      schema: { body: addContactBodySchema, response: { 200: contactReplySchema, ...errors } },
      config: {
        // Per user, so that nobody can walk the user list by trying names. As a preHandler it
        // runs after the session is read and the user is required.
        rateLimit: {
          max: app.config.rateLimits.addContactPerUserPerMinute,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request) => `contacts-add:${request.user?.id ?? request.ip}`,
        },
      },
    },
    async (request) => {
      const contact = await contacts.add(signedInUser(request), request.body.receiverName);
      return ok({ contact }, '联系人添加请求已发送！');
    },
  );

  // accept, reject and block take a request id and answer with the request.
  const changeRoute = (
    url: string,
    change: (user: SessionUser, contactId: string) => Promise<Contact>,
  ) =>
    app.post(
      url,
      {
        schema: { body: contactActionBodySchema, response: { 200: contactReplySchema, ...errors } },
      },
      async (request) => ok({ contact: await change(signedInUser(request), request.body.contact) }),
    );
  changeRoute(contactsPaths.accept, (user, id) => contacts.accept(user, id));
  changeRoute(contactsPaths.reject, (user, id) => contacts.reject(user, id));
  changeRoute(contactsPaths.block, (user, id) => contacts.block(user, id));

  app.post(
    contactsPaths.unblock,
    {
      schema: {
        body: contactActionBodySchema,
        response: { 200: unblockContactReplySchema, ...errors },
      },
    },
    async (request) =>
      ok({ contact: await contacts.unblock(signedInUser(request), request.body.contact) }),
  );

  app.post(
    contactsPaths.remove,
    {
      schema: {
        body: contactActionBodySchema,
        response: { 200: removeContactReplySchema, ...errors },
      },
    },
    async (request) => ok(await contacts.remove(signedInUser(request), request.body.contact)),
  );

  app.post(
    contactsPaths.chat,
    {
      schema: {
        body: contactActionBodySchema,
        response: { 200: contactChatReplySchema, ...errors },
      },
    },
    async (request) => ok(await contacts.openChat(signedInUser(request), request.body.contact)),
  );
};
