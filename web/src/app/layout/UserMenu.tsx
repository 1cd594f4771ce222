import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useLogout } from '../../features/auth/useLogout';
import { displayName, useViewer } from '../../lib/viewer';

/** Profile and Log Out; closes on a click outside it or Escape (docs/product.md#routes). */
export function UserMenu() {
  const { viewer } = useViewer();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const name = viewer ? displayName(viewer) : '';
  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        // The name it shows comes first, so speech input can say what the eye reads.
        aria-label={`${name}, user menu`}
        onClick={() => setOpen((v) => !v)}
      >
        {/* The initial is drawn by CSS, so the button's visible text is the name its label starts with. */}
        <span className="avatar" aria-hidden="true" data-initial={name.slice(0, 1).toUpperCase()} />
        <span className="user-menu-name">{name}</span>
      </button>
      {open && (
        <div className="user-menu-list" role="menu">
          <Link to="/profile" role="menuitem" onClick={() => setOpen(false)}>
            Profile
          </Link>
          <button type="button" role="menuitem" onClick={() => void logout()}>
            Log Out
          </button>
        </div>
      )}
    </div>
  );
}
