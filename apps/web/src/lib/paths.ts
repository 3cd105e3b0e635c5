import { signInDocumentPaths } from '@confab/protocol/sign-in-document';

/** Every path of the app (docs/product.md#routes), shared by the router, the guard and links. */
export const paths = {
  index: '/',
  login: signInDocumentPaths.login,
  register: signInDocumentPaths.register,
  logins: '/public/logins',
  preview: '/__preview',
  home: '/confab',
  agents: '/agents',
  mindBox: '/agents/mindBox',
  mindBoxCardItem: '/agents/mindBox/CardItem',
  mindBoxCardLayout: '/agents/mindBox/CardLayout',
  mindBoxTestData: '/agents/mindBox/testData',
  header: '/agents/header',
  headerColorMode: '/agents/header/colorMode',
  socialChatRoom: '/socialChatRoom',
  contacts: '/contacts',
  contactsConnect: '/contacts/Connect',
  test: '/test',
  testDraggable: '/test/draggable',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/** Open to everyone (docs/product.md#guard). */
export const publicPaths: ReadonlySet<string> = new Set<AppPath>([
  paths.index,
  paths.login,
  paths.register,
  paths.logins,
  paths.preview,
]);

/** Every other path of the table needs a signed-in visitor. */
export const protectedPaths: ReadonlySet<string> = new Set<string>(
  Object.values(paths).filter((path) => !publicPaths.has(path)),
);

/**
 * The one-to-one chat to open on /socialChatRoom travels as `?chat={chatId}` (the route has no
 * path parameters). The contacts panel links there; the chat room reads it.
 */
export const socialChatRoomChatParam = 'chat';

export function socialChatRoomHref(chatId: string): string {
  return `${paths.socialChatRoom}?${new URLSearchParams({ [socialChatRoomChatParam]: chatId }).toString()}`;
}
