import type { ReactNode } from 'react';

/** The title row of a signed-in page, with room for actions such as the upgrade button. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      {actions && <div className="page-header-actions">{actions}</div>}
    </header>
  );
}
