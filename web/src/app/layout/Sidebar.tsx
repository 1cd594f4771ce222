import { NavLink } from 'react-router-dom';

const ENTRIES = [
  { to: '/dashboard', label: 'Dashboard', icon: '◆' },
  { to: '/archive', label: 'Archive', icon: '▤' },
  { to: '/qa', label: 'Q & A', icon: '?' },
];

/** The signed-in navigation (spec section 2). */
export function Sidebar({ open }: { open: boolean }) {
  return (
    <nav id="app-sidebar" className="app-sidebar" aria-label="Main" hidden={!open}>
      <ul>
        {ENTRIES.map((e) => (
          <li key={e.to}>
            <NavLink to={e.to} className={({ isActive }) => `sidebar-link${isActive ? ' active' : ''}`}>
              <span className="sidebar-icon" aria-hidden="true">
                {e.icon}
              </span>
              {e.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
