import type { Router } from 'express';
import { notFound } from '../../kernel/errors';
import { requireUser } from '../../policy/policy';
import { TranscriptFormat, TranscriptQuery } from '../../rest/media.schemas';
import type { ExportFile } from './campaign-export.service';

/**
 * Downloads of what the caller may read: a campaign as an Obsidian vault (ZIP) or one Markdown
 * document, a session as Markdown, a session's transcript as WebVTT or SubRip (in-game lines only
 * unless `?table_talk=include`). GETs that change nothing (no CSRF); strangers get the very same
 * 404 as for a missing id.
 */
export function exportRoutes(router: Router): void {
  router.get('/api/campaigns/:campaignId/vault.zip', async (req, res) => {
    requireUser(req.viewer);
    send(res, await req.services.exports.vault(req.viewer, req.params.campaignId));
  });
  router.get('/api/campaigns/:campaignId/export.md', async (req, res) => {
    requireUser(req.viewer);
    send(res, await req.services.exports.campaignMarkdown(req.viewer, req.params.campaignId));
  });
  router.get('/api/sessions/:sessionId/export.md', async (req, res) => {
    requireUser(req.viewer);
    send(res, await req.services.exports.sessionMarkdown(req.viewer, req.params.sessionId));
  });
  router.get('/api/sessions/:sessionId/transcript.:format', async (req, res) => {
    requireUser(req.viewer);
    const format = TranscriptFormat.safeParse(req.params).data?.format;
    if (!format) throw notFound('Unknown API endpoint');
    const tableTalk = TranscriptQuery.safeParse(req.query).data?.table_talk === 'include';
    send(res, await req.services.transcriptExports.export(req.viewer, req.params.sessionId, format, { tableTalk }));
  });
}

function send(res: Parameters<Parameters<Router['get']>[1]>[1], file: ExportFile): void {
  res.attachment(file.fileName);
  res.set({ 'Content-Type': file.contentType, 'Cache-Control': 'private, no-store' });
  res.send(typeof file.body === 'string' ? file.body : Buffer.from(file.body));
}
