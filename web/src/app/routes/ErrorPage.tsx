import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** The router's error boundary: a render or loader failure anywhere below ends up here. */
export function ErrorPage() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <main className="status-page">
      <h1>Unexpected Application Error!</h1>
      {detail && <pre className="status-detail">{detail}</pre>}
      {/* A full page load, not router navigation: the router itself may be what failed. */}
      <a href="/" className="button button-primary">
        Return to Home
      </a>
    </main>
  );
}
