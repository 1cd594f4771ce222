import type { Router } from 'express';
import { DomainError } from '../../kernel/errors';
import { drainAfterResponse } from '../../http/drain-request';
import { requireUser } from '../../policy/policy';
import { RECORDING_MESSAGES } from './recording.rules';
import type { RecordingView } from './recording.service';
import { interrupted } from '../uploads';
import type { z } from 'zod';
import { bodyFields } from '../../rest/payload';
import { StartRecordingBody, type Recording } from './recordings.schemas';
import type { RestDeps } from '../../rest/rest-deps';

/** A recording as the REST API answers it (snake_case, as the spec's other shims). */
export function recordingJson(view: RecordingView): z.infer<typeof Recording> {
  return {
    recording_id: view.id,
    title: view.title,
    campaign_id: view.campaignId,
    state: view.state,
    mime_type: view.mimeType,
    segment: view.segment,
    parts_received: view.partsReceived,
    created_at: view.createdAt.toISOString(),
    last_part_at: view.lastPartAt?.toISOString() ?? null,
  };
}

/**
 * Recording in the browser: start, send numbered parts (raw bytes) while recording, resume after a
 * closed tab (a new segment), finish. The recording id is its session's id.
 */
export function recordingRoutes(router: Router, deps: RestDeps): void {
  router.post('/api/recordings/', async (req, res) => {
    const { campaign_id, title, mime_type } = bodyFields(req, StartRecordingBody);
    const view = await req.services.recordings.start(req.viewer, {
      campaignId: campaign_id,
      title,
      mimeType: mime_type,
    });
    res.json(recordingJson(view));
  });

  router.get('/api/recordings/', async (req, res) => {
    const views = await req.services.recordings.unfinished(req.viewer);
    res.json({ recordings: views.map(recordingJson) });
  });

  router.get('/api/recordings/:id/', async (req, res) => {
    res.json(recordingJson(await req.services.recordings.get(req.viewer, req.params.id)));
  });

  router.post('/api/recordings/:id/segments/:segment/parts/:number/', async (req, res) => {
    requireUser(req.viewer);
    drainAfterResponse(req, res);
    if (Number(req.get('content-length')) > deps.config.RECORDING_PART_MAX_BYTES) {
      throw new DomainError('PAYLOAD_TOO_LARGE', RECORDING_MESSAGES.tooLarge);
    }
    const gone = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) gone.abort(interrupted());
    });
    req.once('close', () => {
      if (!req.complete) gone.abort(interrupted());
    });
    const { id, segment, number } = req.params;
    const view = await req.services.recordings.addPart(req.viewer, id, segment, number, {
      body: req,
      signal: gone.signal,
    });
    res.json(recordingJson(view));
  });

  router.post('/api/recordings/:id/resume/', async (req, res) => {
    res.json(recordingJson(await req.services.recordings.resume(req.viewer, req.params.id)));
  });

  router.post('/api/recordings/:id/finish/', async (req, res) => {
    res.json(recordingJson(await req.services.recordings.finish(req.viewer, req.params.id)));
  });
}
