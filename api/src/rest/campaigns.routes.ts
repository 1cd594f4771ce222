import type { Router } from 'express';
import { CAMPAIGN_MESSAGES } from '../modules/campaigns/campaign.schemas';
import { campaignDetails, campaignEntry, ok } from './campaign.views';
import { editRoute } from './edit-route';
import { jsonObject } from './payload';

/**
 * Edited summaries and transcripts outgrow the 100 kB REST body limit (a long session's transcript
 * does); these paths get the GraphQL limit instead, parsed before the general parser.
 */
export const CONTENT_EDIT_LIMIT = '1mb';
export const CONTENT_EDIT_PATHS = [
  '/api/update_summary/:campaignId/:summaryId/',
  '/api/update_campaign_summary/:campaignId/:summaryType/',
  '/api/update_transcript/:sessionId/',
  '/api/update_session_summary/:sessionId/:summaryType/',
];

/** The campaign shims of spec section 7 (own campaigns and campaign summaries). */
export function campaignRoutes(router: Router): void {
  router.get('/api/get_campaigns/', async (req, res) => {
    const campaigns = await req.services.campaigns.listOwn(req.viewer);
    res.json({ campaigns: campaigns.map(campaignEntry) });
  });

  router.get('/api/get_campaign_details/:id/', async (req, res) => {
    const { campaigns } = req.services;
    const { campaign, role } = await campaigns.read(req.viewer, req.params.id);
    res.json(campaignDetails(campaign, role, await campaigns.sessionsOf(campaign)));
  });

  router.post('/api/create_campaign/', async (req, res) => {
    const campaign = await req.services.campaigns.create(req.viewer, jsonObject(req).campaign_name);
    res.status(201).json({ ...ok(CAMPAIGN_MESSAGES.campaignCreated), campaign_id: campaign.id });
  });

  editRoute(
    router,
    '/api/update_campaign_title/:id/',
    'new_title',
    CAMPAIGN_MESSAGES.campaignRenamed,
    (req, id, title) => req.services.campaigns.rename(req.viewer, id, title),
  );
  editRoute(router, '/api/delete_campaign/:id/', 'password', CAMPAIGN_MESSAGES.campaignDeleted, (req, id, password) =>
    req.services.campaigns.delete(req.viewer, id, password),
  );

  router.get('/api/get_campaign_summaries/:id/', async (req, res) => {
    const { texts, rows } = await req.services.campaignSummaries.get(req.viewer, req.params.id);
    const summaries = rows.map((r) => ({ id: r.id, type: r.type, updated_at: r.updatedAt.toISOString() }));
    res.json({ ...texts, summaries });
  });

  router.post('/api/update_summary/:campaignId/:summaryId/', async (req, res) => {
    const { campaignId, summaryId } = req.params;
    await req.services.campaignSummaries.updateById(req.viewer, campaignId, summaryId, jsonObject(req).new_text);
    res.json(ok(CAMPAIGN_MESSAGES.contentUpdated));
  });

  router.post('/api/update_campaign_summary/:campaignId/:summaryType/', async (req, res) => {
    const { campaignId, summaryType } = req.params;
    await req.services.campaignSummaries.updateByType(req.viewer, campaignId, summaryType, jsonObject(req).new_text);
    res.json(ok(CAMPAIGN_MESSAGES.contentUpdated));
  });
}
