import { type ReactNode, useEffect, useState } from 'react';
import { PAGE } from '../../common/page-paths.ts';
import { whatsappLink } from '../../common/site.ts';
import { Link, NavLink, useLocation } from '../lib/router/index.ts';
import { site } from '../lib/site.ts';
import { CartIcon, ChatIcon, CloseIcon, MenuIcon, PhoneIcon, SearchIcon, UserIcon } from './icons.tsx';
import { SearchBox } from './search-box.tsx';

export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/product', label: 'Products' },
  { to: '/product/men-watch', label: 'Men' },
  { to: '/product/women-watch', label: 'Women' },
  { to: '/product/celebrity-watch', label: 'Celebrity' },
] as const;

/** `cartBadge`: the cart count, passed in by app/layout.tsx (components never import features). */
export function Navbar({ cartBadge }: { cartBadge?: ReactNode } = {}) {
  const { pathname } = useLocation();
  // The mobile menu is open on the path it was opened on: a route change closes it. Not an effect
  // that shuts it on each new pathname: that one also runs after the first render, and shut the
  // menu the app had just opened for a tap made before it hydrated (lib/early-tap.ts, decision 067).
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  // Forgotten once the shopper is elsewhere, so coming back to that path does not find it open.
  useEffect(() => {
    if (openOn !== null && openOn !== pathname) setOpenOn(null);
  }, [openOn, pathname]);
  const shop = site();
  const onExplore = pathname === PAGE.explore;
  const onHome = pathname === '/' || pathname === '/home';
  const chatHref = whatsappLink(shop.whatsapp, 'Hello! I want to know more about your watches.');

  return (
    <header className="navbar">
      <div className="navbar-row container">
        <button
          type="button"
          className="icon-btn navbar-menu-btn"
          aria-label={open ? 'Close menu' : 'Open menu'}
          aria-expanded={open}
          aria-controls="main-menu"
          onClick={() => setOpenOn((on) => (on === pathname ? null : pathname))}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
        </button>
        <Link to="/" className="brand-mark" aria-label={`${shop.name} home`}>
          <span aria-hidden="true">◷</span> {shop.name}
        </Link>
        <nav id="main-menu" aria-label="Main" className={`navbar-links${open ? ' open' : ''}`}>
          {/* Under 800 px the menu has the search box too (the bar has only room for its icon). */}
          {open && !onExplore && <SearchBox id="menu-search" className="navbar-menu-search" />}
          {NAV_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} end>
              {l.label}
            </NavLink>
          ))}
          {/* Under 800 px the phone and chat links live in the menu, so the bar fits 360 px. */}
          <a className="navbar-menu-contact" href={`tel:+91${shop.phone.slice(-10)}`}>
            <PhoneIcon /> Call us: {shop.phone}
          </a>
          <a className="navbar-menu-contact" href={chatHref} target="_blank" rel="noopener noreferrer">
            <ChatIcon /> Chat with us on WhatsApp
          </a>
        </nav>
        {!onExplore && <SearchBox id="nav-search" className="navbar-search" />}
        <div className="navbar-actions">
          {/* Under 800 px: search from any page (the full box is in the bar from 800 px, and on home). */}
          {!onExplore && !onHome && (
            <Link className="icon-btn navbar-search-link" to={PAGE.explore} aria-label="Search watches">
              <SearchIcon size={22} />
            </Link>
          )}
          <a
            className="icon-btn navbar-contact"
            href={`tel:+91${shop.phone.slice(-10)}`}
            aria-label={`Call us at ${shop.phone}`}
          >
            <PhoneIcon />
          </a>
          <a
            className="icon-btn navbar-contact"
            href={chatHref}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Chat with us on WhatsApp"
          >
            <ChatIcon />
          </a>
          <Link className="icon-btn" to={PAGE.profile} aria-label="Your account">
            <UserIcon />
          </Link>
          {/* Named by its text, so the count a shopper sees is in the name read out ("Cart 2"). */}
          <Link className="icon-btn" to={PAGE.cart}>
            <CartIcon />
            <span className="visually-hidden">Cart</span>
            {cartBadge}
          </Link>
        </div>
      </div>
      {onHome && (
        <div className="container mobile-only">
          <SearchBox id="home-search" className="mobile-search" />
        </div>
      )}
    </header>
  );
}
