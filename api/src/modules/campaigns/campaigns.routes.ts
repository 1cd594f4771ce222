import type { Router } from 'express';
import { CAMPAIGN_MESSAGES } from './campaign.schemas';
import { campaignDetails, campaignEntry, ok } from '../../rest/campaign.views';
import { editRoute } from '../../rest/edit-route';
import { bodyFields } from '../../rest/payload';
import type { z } from 'zod';
import {
  CreateCampaignBody,
  NewTextBody,
  NewTitleBody,
  PasswordBody,
  type CampaignCreated,
  type CampaignList,
  type CampaignSummaries,
} from '../../rest/campaigns.schemas';

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

/** The campaign shims of docs/product.md#rest-endpoints (own campaigns and campaign summaries). */
export function campaignRoutes(router: Router): void {
  const { campaignCreated, campaignRenamed, campaignDeleted, contentUpdated } = CAMPAIGN_MESSAGES;
  router.get('/api/get_campaigns/', async (req, res) => {
    const campaigns = await req.services.campaigns.listOwn(req.viewer);
    res.json({ campaigns: campaigns.map(campaignEntry) } satisfies z.infer<typeof CampaignList>);
  });

  router.get('/api/get_campaign_details/:id/', async (req, res) => {
    const { campaigns } = req.services;
    const { campaign, role } = await campaigns.read(req.viewer, req.params.id);
    res.json(campaignDetails(campaign, role, await campaigns.sessionsOf(campaign)));
  });

  router.post('/api/create_campaign/', async (req, res) => {
    const campaign = await req.services.campaigns.create(req.viewer, bodyFields(req, CreateCampaignBody).campaign_name);
    res
      .status(201)
      .json({ ...ok(campaignCreated), campaign_id: campaign.id } satisfies z.infer<typeof CampaignCreated>);
  });

  editRoute(router, '/api/update_campaign_title/:id/', NewTitleBody, campaignRenamed, (req, id, b) =>
    req.services.campaigns.rename(req.viewer, id, b.new_title),
  );
  editRoute(router, '/api/delete_campaign/:id/', PasswordBody, campaignDeleted, (req, id, b) =>
    req.services.campaigns.delete(req.viewer, id, b.password),
  );

  router.get('/api/get_campaign_summaries/:id/', async (req, res) => {
    const { texts, rows } = await req.services.campaignSummaries.get(req.viewer, req.params.id);
    const summaries = rows.map((r) => ({ id: r.id, type: r.type, updated_at: r.updatedAt.toISOString() }));
    res.json({ ...texts, summaries } satisfies z.infer<typeof CampaignSummaries>);
  });

  router.post('/api/update_summary/:campaignId/:summaryId/', async (req, res) => {
    const { campaignId, summaryId } = req.params;
    const text = bodyFields(req, NewTextBody).new_text;
    await req.services.campaignSummaries.updateById(req.viewer, campaignId, summaryId, text);
    res.json(ok(contentUpdated));
  });

  router.post('/api/update_campaign_summary/:campaignId/:summaryType/', async (req, res) => {
    const { campaignId, summaryType } = req.params;
    const text = bodyFields(req, NewTextBody).new_text;
    await req.services.campaignSummaries.updateByType(req.viewer, campaignId, summaryType, text);
    res.json(ok(contentUpdated));
  });
}
