/**
 * <Link> renders a real <a href> (open in a new tab, copy the address) and
 * turns a plain left click into an in-app navigation. <NavLink> also marks
 * the link of the current page (aria-current="page" and class "active").
 */
import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';
import { createPath, isActivePath, type To } from '../../../common/url-path.ts';
import { useLocation, useNavigate, useResolve } from './context.ts';

export interface LinkProps extends Omit<ComponentPropsWithRef<'a'>, 'href'> {
  to: To;
  /** Replace the current history entry instead of adding one. Default: only when it is the same URL. */
  replace?: boolean;
  state?: unknown;
}

const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

/** A click the app may take over: a new tab or window (ctrl, shift, meta, alt, the middle button) is the browser's. */
export function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
}

export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const resolve = useResolve();
  const location = useLocation();
  const external = typeof to === 'string' && EXTERNAL.test(to);
  const href = external ? (to as string) : createPath(resolve(to));

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainLeftClick(event)) return;
    if ((target && target !== '_self') || event.currentTarget.hasAttribute('download')) return;
    const url = new URL(event.currentTarget.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    const next = { pathname: url.pathname, search: url.search, hash: url.hash };
    navigate(next, { replace: replace ?? createPath(next) === createPath(location), state });
  };

  return <a {...rest} href={href} target={target} onClick={handleClick} />;
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
