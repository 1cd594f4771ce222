import { useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { Sidebar } from './Sidebar';
import { useMediaQuery } from './useMediaQuery';
import { UserMenu } from './UserMenu';
import './layout.css';

/** docs/product.md#plans-and-limits: the sidebar starts open on screens at least this wide. */
const WIDE = '(min-width: 768px)';

/** The signed-in frame: top bar, toggleable sidebar (Dashboard, Archive, Q & A) and the user menu. */
export function AppLayout() {
  const wide = useMediaQuery(WIDE);
  const { pathname } = useLocation();
  const [choice, setChoice] = useState<{ wide: boolean; pathname: string; open: boolean } | null>(null);
  // The user's toggle holds until the width crosses the breakpoint; on narrow screens the sidebar
  // covers the page, so it also ends when a link is followed.
  const applies = choice !== null && choice.wide === wide && (wide || choice.pathname === pathname);
  const open = applies ? choice.open : wide;
  const setOpen = (value: boolean) => setChoice({ wide, pathname, open: value });

  return (
    <div className={`app-shell ${open ? 'sidebar-open' : 'sidebar-closed'}`}>
      <header className="app-topbar">
        <button
          type="button"
          className="icon-button"
          aria-label={open ? 'Close sidebar' : 'Open sidebar'}
          aria-expanded={open}
          aria-controls="app-sidebar"
          onClick={() => setOpen(!open)}
        >
          <span className="hamburger" aria-hidden="true" />
        </button>
        <Logo to="/dashboard" />
        <div className="app-topbar-spacer" />
        <UserMenu />
      </header>
      <Sidebar open={open} />
      {open && !wide && <div className="sidebar-backdrop" onClick={() => setOpen(false)} aria-hidden="true" />}
      <main className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
