import { z } from 'zod';
import { QUESTION_MAX } from '../modules/qa';
import { uuid } from './common.schemas';

// POST /api/ask_question/ (qa.routes.ts).

const question = z.string().min(1).max(QUESTION_MAX);

/** The session form sends transcript_id, the campaign form campaign_id (and `context`, ignored). */
export const AskQuestionBody = z
  .union([
    z.strictObject({ transcript_id: uuid, question }),
    z.strictObject({
      campaign_id: uuid,
      question,
      context: z.string().meta({ description: 'A hint only; ignored' }).optional(),
    }),
  ])
  .meta({ id: 'AskQuestionBody' });

const ms = z.int().min(0);
export const Answer = z
  .strictObject({
    answer: z.string(),
    found: z.boolean(),
    citations: z.array(
      z.strictObject({ session_id: uuid, session_title: z.string(), start_ms: ms, end_ms: ms, quote: z.string() }),
    ),
  })
  .meta({ id: 'Answer' });
