/**
 * <Link> renders a real <a href> (open in a new tab, copy the address) and
 * turns a plain left click into an in-app navigation. <NavLink> also marks
 * the link of the current page (aria-current="page" and class "active").
 */
import { type ComponentPropsWithRef, type MouseEvent, type ReactNode, useContext } from 'react';
import { createPath, isActivePath, type Path, type To } from '../../../common/url-path.ts';
import { InStaticPart } from '../static-part.tsx';
import { useLocation, useNavigate, useResolve } from './context.ts';

export interface LinkProps extends Omit<ComponentPropsWithRef<'a'>, 'href'> {
  to: To;
  /** Replace the current history entry instead of adding one. Default: only when it is the same URL. */
  replace?: boolean;
  state?: unknown;
}

const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/**
 * Marks a link's `<a>` inside a part kept as server HTML (lib/static-part.tsx): until that part is
 * rendered by the app, the router's click handler on the document follows it (router.tsx).
 */
export const APP_LINK_ATTRIBUTE = 'data-app-link';

/** A click the app may take over: a new tab or window (ctrl, shift, meta, alt, the middle button) is the browser's. */
export function isPlainLeftClick(
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey'>,
): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

/**
 * Where a click on `anchor` takes the app, or null when it is the browser's to follow (a new tab,
 * another site, a download, another target, or taken by a handler already). `event.preventDefault()`
 * is called when the app takes it. Shared by <Link> and the router's handler for kept links.
 */
export function appNavigationOf(
  event: Pick<
    MouseEvent,
    'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey' | 'defaultPrevented' | 'preventDefault'
  >,
  anchor: HTMLAnchorElement,
): Path | null {
  if (event.defaultPrevented || !isPlainLeftClick(event)) return null;
  const target = anchor.getAttribute('target');
  if ((target && target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href);
  if (url.origin !== window.location.origin) return null;
  event.preventDefault();
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const resolve = useResolve();
  const location = useLocation();
  const kept = useContext(InStaticPart);
  const external = typeof to === 'string' && EXTERNAL.test(to);
  const href = external ? (to as string) : createPath(resolve(to));

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const next = appNavigationOf(event, event.currentTarget);
    if (next) navigate(next, { replace: replace ?? createPath(next) === createPath(location), state });
  };

  return (
    <a
      {...rest}
      {...(kept && !external ? { [APP_LINK_ATTRIBUTE]: '' } : {})}
      href={href}
      target={target}
      onClick={handleClick}
    />
  );
}

function decodePath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on exactly this path, not on the paths below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
  children?: ReactNode;
}

export function NavLink({ end = false, className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const resolve = useResolve();
  const isActive = isActivePath(decodePath(pathname), decodePath(resolve(rest.to).pathname), end);
  // As react-router did: a function decides the whole class; a string gets "active" added.
  const classes =
    typeof className === 'function'
      ? className({ isActive })
      : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined;
  return <Link {...rest} className={classes} aria-current={isActive ? 'page' : undefined} />;
}
