import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { loadNamespaces } from '@/lib/i18n/i18n';
import type { Namespace } from '@/lib/i18n/resources';
import { paths } from '@/lib/paths';
import { NotFoundPage } from '../error-pages/not-found-page';
import { RouteErrorPage } from '../error-pages/route-error-page';
import { AppLoading } from '../layouts/app-loading';
import { RootLayout } from '../layouts/root-layout';
import { lazyRoute } from './lazy-route';
import { createRootLoader } from './root-loader';

/** A page loaded on first visit, in its own chunk, together with its text catalogs. */
function lazyPage(
  load: () => Promise<ComponentType>,
  namespaces: readonly Namespace[],
): RouteObject['lazy'] {
  return lazyRoute(async () => {
    const [Component] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component };
  });
}

/** Route paths are relative to the root and matched case-sensitively, like the guard. */
function page(path: string, lazy: RouteObject['lazy']): RouteObject {
  return { path: path.slice(1), caseSensitive: true, lazy };
}

/**
 * Every route of docs/product.md#routes but the sign-in and registration pages, which are a
 * document of their own (sign-in-document.ts; the root loader leaves for it). Pages are lazily loaded; the root layout, the error pages
 * and the 404 page are not, because they must render when loading a chunk is what failed.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <AppLoading />,
      loader: createRootLoader(queryClient),
      // Guard and version check run on every navigation, not only when params change.
      shouldRevalidate: () => true,
      children: [
        {
          index: true,
          lazy: lazyPage(
            () => import('@/features/landing/routes/landing-page').then((m) => m.LandingPage),
            ['landing'],
          ),
        },
        page(
          paths.logins,
          lazyPage(
            () => import('@/features/auth/routes/logins-page').then((m) => m.LoginsPage),
            ['auth'],
          ),
        ),
        page(
          paths.preview,
          lazyPage(
            () => import('@/features/previews/routes/ui-kit-page').then((m) => m.UiKitPage),
            ['previews'],
          ),
        ),
        page(
          paths.home,
          lazyPage(
            () => import('@/features/home/routes/home-page').then((m) => m.HomePage),
            ['home'],
          ),
        ),
        page(
          paths.header,
          lazyPage(
            () =>
              import('@/features/previews/routes/header-preview-page').then(
                (m) => m.HeaderPreviewPage,
              ),
            ['previews'],
          ),
        ),
        page(
          paths.headerColorMode,
          lazyPage(
            () =>
              import('@/features/previews/routes/color-mode-preview-page').then(
                (m) => m.ColorModePreviewPage,
              ),
            ['previews'],
          ),
        ),
        page(
          paths.mindBoxCardItem,
          lazyPage(
            () => import('@/features/ai-chat/routes/card-item-page').then((m) => m.CardItemPage),
            ['mindBox'],
          ),
        ),
        page(
          paths.mindBoxCardLayout,
          lazyPage(
            () =>
              import('@/features/ai-chat/routes/card-layout-page').then((m) => m.CardLayoutPage),
            ['mindBox'],
          ),
        ),
        page(
          paths.mindBoxTestData,
          lazyPage(
            () => import('@/features/ai-chat/routes/test-data-page').then((m) => m.TestDataPage),
            ['mindBox'],
          ),
        ),
        {
          lazy: lazyRoute(async () => ({
            Component: (await import('../layouts/app-layout')).AppLayout,
          })),
          children: [
            page(
              paths.agents,
              lazyPage(
                () =>
                  import('@/features/social-chat/routes/conversations-page').then(
                    (m) => m.ConversationsPage,
                  ),
                ['conversations'],
              ),
            ),
            page(
              paths.mindBox,
              lazyPage(
                () => import('../compositions/ai-chat-screen').then((m) => m.AiChatScreen),
                // The provider settings' texts (aiSettings) come with their code, when opened.
                ['mindBox', 'mcpTools'],
              ),
            ),
            page(
              paths.socialChatRoom,
              lazyPage(
                () =>
                  import('@/features/social-chat/routes/social-chat-room-page').then(
                    (m) => m.SocialChatRoomPage,
                  ),
                ['socialChat'],
              ),
            ),
            page(
              paths.contacts,
              lazyPage(
                () =>
                  import('@/features/contacts/routes/contacts-page').then((m) => m.ContactsPage),
                ['contacts'],
              ),
            ),
            page(
              paths.contactsConnect,
              lazyPage(
                () => import('@/features/contacts/routes/connect-page').then((m) => m.ConnectPage),
                ['connection'],
              ),
            ),
            page(
              paths.test,
              lazyPage(
                () => import('@/features/test-bench/routes/test-page').then((m) => m.TestPage),
                ['testBench'],
              ),
            ),
            page(
              paths.testDraggable,
              lazyPage(
                () =>
                  import('@/features/test-bench/routes/draggable-page').then(
                    (m) => m.DraggablePage,
                  ),
                ['testBench'],
              ),
            ),
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
