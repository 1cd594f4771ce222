import { Link } from 'react-router-dom';
import { CommunityLinks } from './CommunityLinks';
import { NewsletterForm } from './NewsletterForm';

/** Quick links, community links, the last sign-up form and the copyright line (docs/product.md#routes). */
export function Footer() {
  return (
    <footer className="landing-footer">
      <div className="footer-grid">
        <div>
          <p className="footer-brand">Questlog</p>
          <p className="footer-text">Session audio in; transcripts, summaries and answers out.</p>
        </div>
        <nav aria-label="Quick links">
          <h2>Quick links</h2>
          <ul className="footer-links">
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/register">Registration</Link>
            </li>
            <li>
              <Link to="/login">Sign in</Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2>Community</h2>
          <CommunityLinks />
        </div>
        <div>
          <h2>Newsletter</h2>
          <NewsletterForm label="Newsletter" buttonText="Subscribe" tone="dark" />
        </div>
      </div>
      <p className="footer-copy">© 2024 Questlog. All rights reserved.</p>
    </footer>
  );
}
