import { Link } from 'react-router-dom';

/** The Questlog word mark, linking to the given home route. */
export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="logo" aria-label="Questlog home">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span>Questlog</span>
    </Link>
  );
}
