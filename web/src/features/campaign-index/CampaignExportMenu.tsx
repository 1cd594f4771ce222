import '../../components/menu-button.css';

/**
 * A campaign's exports (docs/campaign-memory.md): an Obsidian vault, one Markdown file, or the page
 * printed (the browser saves it as PDF). Plain links: the api names the file, and the browser
 * downloads it with the session cookie like any page.
 */
export function CampaignExportMenu({ campaignId }: { campaignId: string }) {
  return (
    <details className="export-menu">
      <summary className="button button-secondary button-small">Export</summary>
      <div className="export-menu-panel" role="group" aria-label="Export the campaign">
        <a className="export-menu-link" href={`/api/campaigns/${campaignId}/vault.zip`} download>
          Obsidian vault (.zip)
        </a>
        <a className="export-menu-link" href={`/api/campaigns/${campaignId}/export.md`} download>
          Markdown (.md)
        </a>
        <button type="button" className="export-menu-link export-menu-print" onClick={() => window.print()}>
          Print or save as PDF
        </button>
      </div>
    </details>
  );
}
