import type { Router } from 'express';
import { CAMPAIGN_MESSAGES } from '../modules/campaigns/campaign.schemas';
import { ok, sessionDetails } from './campaign.views';
import { editRoute } from './edit-route';
import { jsonObject } from './payload';

/** The session ("transcript") shims of spec section 7, plus the single-summary update it leaves without a path. */
export function sessionRoutes(router: Router): void {
  router.get('/api/get_session_details/:id/', async (req, res) => {
    const { session, role } = await req.services.sessions.read(req.viewer, req.params.id);
    res.json(sessionDetails(session, role, await req.services.sessions.content(session, role)));
  });

  router.get('/api/get_campaign_and_summary/:sessionId/', async (req, res) => {
    const info = await req.services.sessions.campaignAndSummary(req.viewer, req.params.sessionId);
    res.json({ campaign_name: info.campaignName, summary_very_short: info.summaryVeryShort });
  });

  editRoute(router, '/api/update_title/:sessionId/', 'new_title', CAMPAIGN_MESSAGES.sessionRenamed, (req, id, title) =>
    req.services.sessions.rename(req.viewer, id, title),
  );
  editRoute(
    router,
    '/api/move_transcript/:sessionId/',
    'new_campaign_id',
    CAMPAIGN_MESSAGES.sessionMoved,
    (req, id, to) => req.services.sessions.move(req.viewer, id, to),
  );
  editRoute(router, '/api/delete_transcript/:sessionId/', 'password', CAMPAIGN_MESSAGES.sessionDeleted, (req, id, pw) =>
    req.services.sessions.delete(req.viewer, id, pw),
  );
  editRoute(
    router,
    '/api/update_transcript/:sessionId/',
    'new_text',
    CAMPAIGN_MESSAGES.contentUpdated,
    (req, id, text) => req.services.sessions.updateContent(req.viewer, id, 'fullTranscript', text),
  );

  // Spec section 7 names this call without a path; this one mirrors update_campaign_summary.
  router.post('/api/update_session_summary/:sessionId/:summaryType/', async (req, res) => {
    const { sessionId, summaryType } = req.params;
    await req.services.sessions.updateContent(req.viewer, sessionId, summaryType, jsonObject(req).new_text);
    res.json(ok(CAMPAIGN_MESSAGES.contentUpdated));
  });
}
