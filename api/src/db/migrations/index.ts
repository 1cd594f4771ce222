import { Migration20261122000000_accounts } from './Migration20261122000000_accounts';

/** Applied in this order; listed (not globbed) so the same list works from src and dist. */
export const migrationsList = [
  { name: 'Migration20261122000000_accounts', class: Migration20261122000000_accounts },
];
