import { Archive, LayoutDashboard, MessagesSquare } from 'lucide-react';
import { NavLink } from 'react-router-dom';

const ENTRIES = [
  { to: '/dashboard', label: 'Dashboard', Icon: LayoutDashboard },
  { to: '/archive', label: 'Archive', Icon: Archive },
  { to: '/qa', label: 'Q & A', Icon: MessagesSquare },
];

/** The signed-in navigation (spec section 2). */
export function Sidebar({ open }: { open: boolean }) {
  return (
    <nav id="app-sidebar" className="app-sidebar" aria-label="Main" hidden={!open}>
      <ul>
        {ENTRIES.map((e) => (
          <li key={e.to}>
            <NavLink to={e.to} className={({ isActive }) => `sidebar-link${isActive ? ' active' : ''}`}>
              <e.Icon className="sidebar-icon" size={18} aria-hidden="true" />
              {e.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
