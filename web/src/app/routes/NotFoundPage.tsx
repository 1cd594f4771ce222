import { Link } from 'react-router-dom';

/** Any unknown path (docs/product.md#routes). */
export function NotFoundPage() {
  return (
    <main className="status-page">
      <p className="status-code" aria-hidden="true">
        404
      </p>
      <h1>Page Not Found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="button button-primary">
        Return to Home
      </Link>
    </main>
  );
}
