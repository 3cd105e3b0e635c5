import { createContext, useContext, type ComponentProps, type MouseEvent } from 'react';

type Navigate = (to: string) => void;

const NavigatorContext = createContext<Navigate | null>(null);

/**
 * How an AppLink inside it navigates without a page load: the app's router gives its navigate
 * (app/layouts/root-layout.tsx). The sign-in page (src/sign-in-main.tsx) has no router and
 * gives none.
 */
export const AppLinkNavigator = NavigatorContext;

function opensElsewhere(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * A link to a page of the app, for components shown both inside the router and on the
 * sign-in page: a plain anchor, whose plain click goes through the router when there is one.
 */
export function AppLink({ href, onClick, ...props }: ComponentProps<'a'> & { href: string }) {
  const navigate = useContext(NavigatorContext);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!navigate || event.defaultPrevented || props.target || opensElsewhere(event)) return;
    event.preventDefault();
    navigate(href);
  };
  return <a {...props} href={href} onClick={handleClick} />;
}
