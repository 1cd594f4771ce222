import type { Router } from 'express';
import { CAMPAIGN_MESSAGES } from '../campaigns';
import { campaignDetails, ok } from '../../rest/campaign.views';
import { bodyFields } from '../../rest/payload';
import type { z } from 'zod';
import { ShareBody, type CampaignShareList, type Shared, type SharedCampaignList } from '../../rest/campaigns.schemas';

/** The sharing shims of docs/product.md#rest-endpoints. */
export function shareRoutes(router: Router): void {
  router.post('/api/share_campaign/', async (req, res) => {
    const body = bodyFields(req, ShareBody);
    const share = await req.services.shares.share(req.viewer, body.campaign_id, body.recipient_email);
    res.json({ ...ok(`Campaign shared with ${share.recipientEmail}`), share_id: share.id } satisfies z.infer<
      typeof Shared
    >);
  });

  router.get('/api/get_shared_campaigns/', async (req, res) => {
    const shares = await req.services.shares.listReceived(req.viewer);
    const entries = shares.map((s) => {
      const campaign = s.campaign.getEntity();
      return {
        campaign_id: campaign.id,
        campaign_name: campaign.title,
        share_id: s.id,
        lastEdited: campaign.lastEditedAt.toISOString(),
      };
    });
    res.json({ shared_campaigns: entries } satisfies z.infer<typeof SharedCampaignList>);
  });

  router.get('/api/get_shared_campaign_details/:id/', async (req, res) => {
    const { campaigns } = req.services;
    const { campaign, role } = await campaigns.read(req.viewer, req.params.id);
    res.json(campaignDetails(campaign, role, await campaigns.sessionsOf(campaign)));
  });

  // The spec's client sends no body here; an empty or absent one is fine.
  router.post('/api/remove_shared_campaign/:share_id/', async (req, res) => {
    await req.services.shares.remove(req.viewer, req.params.share_id);
    res.json(ok(CAMPAIGN_MESSAGES.shareRemoved));
  });

  router.get('/api/get_campaign_shares/:campaign_id/', async (req, res) => {
    const shares = await req.services.shares.listGiven(req.viewer, req.params.campaign_id);
    const entries = shares.map((s) => ({
      share_id: s.id,
      recipient_email: s.recipientEmail,
      shared_at: s.createdAt.toISOString(),
      seen_at: s.seenAt?.toISOString() ?? null,
    }));
    res.json({ shares: entries } satisfies z.infer<typeof CampaignShareList>);
  });

  // Like remove_shared_campaign, no body.
  router.post('/api/revoke_share/:share_id/', async (req, res) => {
    await req.services.shares.revoke(req.viewer, req.params.share_id);
    res.json(ok(CAMPAIGN_MESSAGES.shareRevoked));
  });
}
