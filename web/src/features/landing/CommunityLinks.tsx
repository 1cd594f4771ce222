import { env } from '../../config/env';

const LINKS = [
  { label: 'Community chat server', url: env.communityChatUrl },
  { label: 'Social page', url: env.socialUrl },
];

/** The community chat server and social page, or a plain note while their addresses are not configured. */
export function CommunityLinks() {
  return (
    <ul className="footer-links">
      {LINKS.map((l) => (
        <li key={l.label}>
          {l.url ? (
            <a href={l.url} target="_blank" rel="noreferrer">
              {l.label}
            </a>
          ) : (
            <span className="muted">{l.label} (coming soon)</span>
          )}
        </li>
      ))}
    </ul>
  );
}
