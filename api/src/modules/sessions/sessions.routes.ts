import type { Router } from 'express';
import type { z } from 'zod';
import { CAMPAIGN_MESSAGES } from '../campaigns';
import { ok, sessionDetails } from '../../rest/campaign.views';
import { editRoute } from '../../rest/edit-route';
import { bodyFields } from '../../rest/payload';
import {
  MoveBody,
  NewTextBody,
  NewTitleBody,
  PasswordBody,
  type CampaignAndSummary,
} from '../../rest/campaigns.schemas';

/** The session ("transcript") shims of docs/product.md#rest-endpoints, plus the single-summary update it leaves without a path. */
export function sessionRoutes(router: Router): void {
  router.get('/api/get_session_details/:id/', async (req, res) => {
    const { session, role } = await req.services.sessions.read(req.viewer, req.params.id);
    res.json(sessionDetails(session, role, await req.services.sessions.content(session, role)));
  });

  router.get('/api/get_campaign_and_summary/:sessionId/', async (req, res) => {
    const info = await req.services.sessions.campaignAndSummary(req.viewer, req.params.sessionId);
    const body = { campaign_name: info.campaignName, summary_very_short: info.summaryVeryShort };
    res.json(body satisfies z.infer<typeof CampaignAndSummary>);
  });

  const { sessionRenamed, sessionMoved, sessionDeleted, contentUpdated } = CAMPAIGN_MESSAGES;
  editRoute(router, '/api/update_title/:sessionId/', NewTitleBody, sessionRenamed, (req, id, b) =>
    req.services.sessions.rename(req.viewer, id, b.new_title),
  );
  editRoute(router, '/api/move_transcript/:sessionId/', MoveBody, sessionMoved, (req, id, b) =>
    req.services.sessions.move(req.viewer, id, b.new_campaign_id),
  );
  editRoute(router, '/api/delete_transcript/:sessionId/', PasswordBody, sessionDeleted, (req, id, b) =>
    req.services.sessions.delete(req.viewer, id, b.password),
  );
  editRoute(router, '/api/update_transcript/:sessionId/', NewTextBody, contentUpdated, (req, id, b) =>
    req.services.sessions.updateContent(req.viewer, id, 'fullTranscript', b.new_text),
  );

  // docs/product.md#rest-endpoints names this call without a path; this one mirrors update_campaign_summary.
  router.post('/api/update_session_summary/:sessionId/:summaryType/', async (req, res) => {
    const { sessionId, summaryType } = req.params;
    const text = bodyFields(req, NewTextBody).new_text;
    await req.services.sessions.updateContent(req.viewer, sessionId, summaryType, text);
    res.json(ok(contentUpdated));
  });
}
