/** The campaign and session exports (exports.routes.ts), listed by openapi.paths-sessions.ts. */
export const EXPORTS = [
  {
    path: '/api/campaigns/{campaignId}/vault.zip',
    summary: 'A campaign as an Obsidian vault: a ZIP of linked Markdown notes (owner and recipients)',
    description:
      'One note for the campaign, one per processed session (summaries and in-game transcript, each index mention ' +
      'linked) and one per index entry (kind, description, notes, the sessions it appears in), linked both ways with ' +
      "[[wikilinks]]; spellings as front-matter aliases. A recipient's vault holds no hidden or GM-only entry. " +
      '409 when the campaign has no processed session yet; the very same 404 as a missing campaign for one the ' +
      'caller may not read.',
    tag: 'campaigns',
    content: { 'application/zip': { schema: { type: 'string', contentMediaType: 'application/zip' } } },
  },
  {
    path: '/api/campaigns/{campaignId}/export.md',
    summary: 'A campaign as one Markdown document: the campaign, its sessions, then its index',
    description:
      'The notes of the vault in one file, [[wikilinks]] kept. 409 when the campaign has no processed session yet; ' +
      'the very same 404 as a missing campaign for one the caller may not read.',
    tag: 'campaigns',
    content: { 'text/markdown': { schema: { type: 'string' } } },
  },
  {
    path: '/api/sessions/{sessionId}/export.md',
    summary: "A session's summaries and in-game transcript as Markdown (owner and recipients)",
    description:
      '409 while the session is not processed; the very same 404 as a missing session for one the caller may not read.',
    tag: 'sessions',
    content: { 'text/markdown': { schema: { type: 'string' } } },
  },
] as const;
