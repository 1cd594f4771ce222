import type { Router } from 'express';
import type { Campaign } from '../modules/campaigns/campaign.entity';
import { CAMPAIGN_MESSAGES } from '../modules/campaigns/campaign.schemas';
import type { SessionListItem } from '../modules/campaigns/session-list';
import type { CampaignListItem } from '../modules/campaigns/campaign-list';
import type { CampaignRole } from '../policy/policy';
import { campaignEntry, ok } from './campaign.views';
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

/** campaign.views' campaignEntry, for a row of the service's list (a plain row, not an entity). */
function listedCampaignEntry(c: CampaignListItem) {
  return { id: c.id, title: c.title, created_at: c.createdAt.toISOString(), lastEdited: c.lastEditedAt.toISOString() };
}

/**
 * get_campaign_details' body (campaign.views' campaignDetails) from the service's list of sessions,
 * which are plain rows rather than entities.
 */
export function listedCampaignDetails(campaign: Campaign, role: CampaignRole, sessions: SessionListItem[]) {
  const transcripts = sessions.map((s) => ({
    id: s.id,
    title: s.title,
    created_at: s.createdAt.toISOString(),
    status: s.status,
    originalFileName: s.originalFileName,
  }));
  return { ...campaignEntry(campaign), role, transcripts };
}

/** The campaign shims of spec section 7 (own campaigns and campaign summaries). */
export function campaignRoutes(router: Router): void {
  router.get('/api/get_campaigns/', async (req, res) => {
    const campaigns = await req.services.campaigns.listOwn(req.viewer);
    res.json({ campaigns: campaigns.map(listedCampaignEntry) });
  });

  router.get('/api/get_campaign_details/:id/', async (req, res) => {
    const { campaigns } = req.services;
    const { campaign, role } = await campaigns.read(req.viewer, req.params.id);
    res.json(listedCampaignDetails(campaign, role, await campaigns.sessionsOf(campaign)));
  });

  router.post('/api/create_campaign/', async (req, res) => {
    const campaign = await req.services.campaigns.create(req.viewer, jsonObject(req).campaign_name);
    res.status(201).json({ ...ok(CAMPAIGN_MESSAGES.campaignCreated), campaign_id: campaign.id });
  });

  router.post('/api/update_campaign_title/:id/', async (req, res) => {
    await req.services.campaigns.rename(req.viewer, req.params.id, jsonObject(req).new_title);
    res.json(ok(CAMPAIGN_MESSAGES.campaignRenamed));
  });

  router.post('/api/delete_campaign/:id/', async (req, res) => {
    await req.services.campaigns.delete(req.viewer, req.params.id, jsonObject(req).password);
    res.json(ok(CAMPAIGN_MESSAGES.campaignDeleted));
  });

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
