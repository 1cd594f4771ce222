import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { Answerer } from '../../engines/qa/answerer';
import { mayReadGmOnly, requireUser, type Policy } from '../../policy/policy';
import type { AccountService } from '../accounts';
import type { Viewer } from '../../kernel/viewer';
import { DomainError, badInput } from '../../kernel/errors';
import { parseInput, visible } from '../../kernel/validation';
import { premiseDenied, unmetPremise } from './qa.premise';
import { retrieve, type RetrievalScope } from './qa.retrieval';
import type { Answer } from './qa.type';

export const QUESTION_MAX = 1000;

/** docs/qa-contract.md; the no-access text is the spec's (section 5). */
export const QA_MESSAGES = {
  noAccess: 'You need a valid subscription or plan to use the Q&A chatbot. Please upgrade your membership.',
  questionBlank: 'Please enter a question',
  questionTooLong: `A question can be at most ${QUESTION_MAX} characters`,
  scopeMissing: 'Please select a session or a campaign',
  scopeBoth: 'Ask about one session or one campaign, not both',
} as const;

const questionSchema = z.object({
  question: z
    .string({ error: QA_MESSAGES.questionBlank })
    .trim()
    .refine(visible, QA_MESSAGES.questionBlank)
    .max(QUESTION_MAX, QA_MESSAGES.questionTooLong),
});

export interface AskRequest {
  sessionId?: unknown;
  campaignId?: unknown;
  question: unknown;
}

const given = (id: unknown) => id !== undefined && id !== null && id !== '';

/** Q&A over one session or a whole campaign: policy first, then retrieval, then the configured answerer. */
export class QaService {
  constructor(
    private readonly em: EntityManager,
    private readonly policy: Policy,
    private readonly accounts: AccountService,
    private readonly answerer: Answerer,
  ) {}

  /** Answers from the scope's transcript lines, table talk ranked last, citing every passage the answer rests on. */
  async ask(viewer: Viewer, request: AskRequest): Promise<Answer> {
    const user = requireUser(viewer);
    if (!this.accounts.view(user).hasValidAccess) throw new DomainError('FORBIDDEN', QA_MESSAGES.noAccess);
    const { question } = parseInput(questionSchema, { question: request.question });
    const scope = await this.scope(viewer, request);
    const { passages, scored } = await retrieve(this.em, scope, question);
    // A question about an event no moment holds is denied, not answered with the nearest quote.
    const unmet = passages.length ? unmetPremise(question, scored) : undefined;
    const draft = unmet
      ? premiseDenied(question, unmet, passages[0])
      : await this.answerer.answer({ question, passages, scope: scope.kind });
    return {
      text: draft.text,
      found: draft.found,
      citations: draft.citations.map((p) => ({
        sessionId: p.sessionId,
        sessionTitle: p.sessionTitle,
        startMs: p.startMs,
        endMs: p.endMs,
        quote: p.text,
        tableTalk: p.tableTalk === true,
      })),
    };
  }

  /**
   * Exactly one scope id, readable by the viewer; anything else is refused before retrieval runs.
   * A viewer who may not read GM-only lines gets answers from the rest only (`open`).
   */
  private async scope(viewer: Viewer, { sessionId, campaignId }: AskRequest): Promise<RetrievalScope> {
    if (given(sessionId) && given(campaignId)) throw badInput(QA_MESSAGES.scopeBoth, 'campaignId');
    if (given(sessionId)) {
      const { session, role } = await this.policy.readSession(viewer, sessionId);
      return { kind: 'session', sessionId: session.id, campaignId: session.campaign.id, open: !mayReadGmOnly(role) };
    }
    if (given(campaignId)) {
      const { campaign, role } = await this.policy.readCampaign(viewer, campaignId);
      return { kind: 'campaign', campaignId: campaign.id, open: !mayReadGmOnly(role) };
    }
    throw badInput(QA_MESSAGES.scopeMissing, 'sessionId');
  }
}
