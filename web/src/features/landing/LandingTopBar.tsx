import { Link } from 'react-router-dom';
import { Logo } from '../../components/Logo';

/** The public top bar with the two ways in. */
export function LandingTopBar() {
  return (
    <header className="landing-topbar">
      <Logo />
      <nav aria-label="Account">
        <Link to="/login" className="button button-secondary button-small">
          Log In
        </Link>
        <Link to="/register" className="button button-primary button-small">
          Sign Up
        </Link>
      </nav>
    </header>
  );
}
