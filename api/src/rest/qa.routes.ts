import type { Router } from 'express';
import type { z } from 'zod';
import { bodyFields } from './payload';
import { AskQuestionBody, type Answer } from './qa.schemas';

/**
 * POST /api/ask_question/ (docs/product.md#rest-endpoints, docs/qa-contract.md): the session form sends
 * transcript_id, the campaign form campaign_id and `context` (the campaign's detailed summary).
 * `context` is ignored: the server retrieves its own evidence within what the caller may read, so
 * nothing a client sends can put words into an answer or widen its sources.
 */
export function qaRoutes(router: Router): void {
  router.post('/api/ask_question/', async (req, res) => {
    const { transcript_id, campaign_id, question } = bodyFields(req, AskQuestionBody);
    const answer = await req.services.qa.ask(req.viewer, {
      sessionId: transcript_id,
      campaignId: campaign_id,
      question,
    });
    res.json({
      answer: answer.text,
      found: answer.found,
      citations: answer.citations.map((c) => ({
        session_id: c.sessionId,
        session_title: c.sessionTitle,
        start_ms: c.startMs,
        end_ms: c.endMs,
        quote: c.quote,
      })),
    } satisfies z.infer<typeof Answer>);
  });
}
