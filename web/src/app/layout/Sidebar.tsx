import { Archive, LayoutDashboard, MessagesSquare } from 'lucide-react';
import { NavLink } from 'react-router-dom';
import { useUnseenShareCount } from '../../features/archive/useShareBadge';

const ENTRIES = [
  { to: '/dashboard', label: 'Dashboard', Icon: LayoutDashboard },
  { to: '/archive', label: 'Archive', Icon: Archive },
  { to: '/qa', label: 'Q & A', Icon: MessagesSquare },
];

/** The signed-in navigation (docs/product.md#routes); Archive counts the campaigns shared with the user and not opened yet. */
export function Sidebar({ open }: { open: boolean }) {
  const unseen = useUnseenShareCount();
  const badge = (to: string) => to === '/archive' && unseen > 0;
  return (
    <nav id="app-sidebar" className="app-sidebar" aria-label="Main" hidden={!open}>
      <ul>
        {ENTRIES.map((e) => (
          <li key={e.to}>
            <NavLink
              to={e.to}
              className={({ isActive }) => `sidebar-link${isActive ? ' active' : ''}`}
              aria-label={badge(e.to) ? `${e.label}, ${unseen} new shared` : undefined}
            >
              <e.Icon className="sidebar-icon" size={18} aria-hidden="true" />
              {e.label}
              {/* A space between name and count, so the visible text reads as the label's start ("Archive 1"). */}
              {badge(e.to) && ' '}
              {badge(e.to) && (
                <span className="sidebar-badge" aria-hidden="true">
                  {unseen}
                </span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
