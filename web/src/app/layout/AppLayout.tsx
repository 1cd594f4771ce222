import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Logo } from '../../components/Logo';
import { Sidebar } from './Sidebar';
import { useMediaQuery } from './useMediaQuery';
import { UserMenu } from './UserMenu';
import './layout.css';

/** Spec section 9: the sidebar starts open on screens at least this wide. */
const WIDE = '(min-width: 768px)';

/** The signed-in frame: top bar, toggleable sidebar (Dashboard, Archive, Q & A) and the user menu. */
export function AppLayout() {
  const wide = useMediaQuery(WIDE);
  const [open, setOpen] = useState(wide);
  const location = useLocation();

  // Crossing the breakpoint restores the default for the new width.
  useEffect(() => setOpen(wide), [wide]);
  // On narrow screens the sidebar covers the page, so following a link closes it.
  useEffect(() => {
    if (!window.matchMedia(WIDE).matches) setOpen(false);
  }, [location.pathname]);

  return (
    <div className={`app-shell ${open ? 'sidebar-open' : 'sidebar-closed'}`}>
      <header className="app-topbar">
        <button
          type="button"
          className="icon-button"
          aria-label={open ? 'Close sidebar' : 'Open sidebar'}
          aria-expanded={open}
          aria-controls="app-sidebar"
          onClick={() => setOpen((v) => !v)}
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
