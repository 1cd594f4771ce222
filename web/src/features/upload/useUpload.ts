import { useEffect, useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { csrfToken } from '../../lib/csrf';
import { localToday } from '../../lib/played-on';
import { isSupportedFile, isTranscriptFile, type FileSource } from './file-types';
import {
  IMPORT_MESSAGES,
  MAX_TRANSCRIPT_BYTES,
  MAX_UPLOAD_BYTES,
  PROCESSING_AFTER_PERCENT,
  UPLOAD_MESSAGES,
} from './messages';
import { UploadCapacityQuery } from './operations';
import { sendUpload, type UploadOutcome } from './send-upload';
import { checkDetails, titleFromFileName, type DetailErrors } from './session-details';

export interface Upload {
  file: File | null;
  /** The session's title: the file's name until the user changes it. */
  title: string;
  setTitle: (title: string) => void;
  /** The day it was played, YYYY-MM-DD: today until the user changes it. */
  playedOn: string;
  setPlayedOn: (day: string) => void;
  /** What is wrong with the title or the date, shown under each after a Submit. */
  errors: DetailErrors;
  /** Percent sent while uploading, else null. */
  progress: number | null;
  uploading: boolean;
  /** Past 99%: the file is sent and the api is storing and checking it (docs/product.md#states). */
  processing: boolean;
  /** The last file refused (at the choice or by the api) and why; kept until the next choice. */
  refusal: Refusal | null;
  /** Takes a picked or dropped file when its size and type pass; says why not otherwise. */
  choose: (file: File, source: FileSource) => void;
  remove: () => void;
  submit: () => Promise<void>;
}

export interface Refusal {
  name: string;
  size: number;
  messages: string[];
}

const refusalOf = (file: File, ...messages: string[]): Refusal => ({ name: file.name, size: file.size, messages });

/** 'ok' to upload, else the message that stops it (docs/product.md#validation). */
async function capacity(client: ReturnType<typeof useApolloClient>): Promise<'ok' | string> {
  try {
    const { data } = await client.query({ query: UploadCapacityQuery, fetchPolicy: 'network-only' });
    if (!data?.me) return UPLOAD_MESSAGES.capacityUnknown;
    return data.me.usage.canUpload ? 'ok' : UPLOAD_MESSAGES.quotaExceeded;
  } catch {
    return UPLOAD_MESSAGES.capacityUnknown;
  }
}

/** The redirect as an in-app path when it points at this origin (the api sends a path). */
function inAppPath(redirectUrl: string): string | null {
  const url = new URL(redirectUrl, window.location.origin);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : null;
}

/**
 * The dashboard's upload flow (docs/product.md#states, #validation, #messages): choose, check, send with progress, then
 * the outcome's message; file and progress are reset after every outcome. Leaving the page
 * aborts an upload in flight rather than navigating away from wherever the user went later.
 */
export function useUpload(campaignId: string | null): Upload {
  const client = useApolloClient();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [playedOn, setPlayedOn] = useState('');
  const [errors, setErrors] = useState<DetailErrors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  // A refusal stays beside the picker, naming the file, rather than in a toast that fades: the
  // form is reset after a failed upload, so nothing else would say what was refused.
  function choose(candidate: File, source: FileSource) {
    setRefusal(null);
    if (isTranscriptFile(candidate) && candidate.size > MAX_TRANSCRIPT_BYTES) {
      return setRefusal(refusalOf(candidate, IMPORT_MESSAGES.tooLargeFile));
    }
    if (candidate.size >= MAX_UPLOAD_BYTES) return setRefusal(refusalOf(candidate, UPLOAD_MESSAGES.tooLargeFile));
    if (!isSupportedFile(candidate, source)) {
      // docs/product.md#validation: the picker also names the offending type.
      const type = source === 'picker' ? [`File type: ${candidate.type || 'unknown'}`] : [];
      return setRefusal(refusalOf(candidate, UPLOAD_MESSAGES.unsupported, ...type));
    }
    setFile(candidate);
    setTitle(titleFromFileName(candidate.name, localToday()));
    setPlayedOn(localToday());
    setErrors({});
  }

  function clear() {
    setFile(null);
    setTitle('');
    setPlayedOn('');
    setErrors({});
  }

  function finish(sent: File, outcome: UploadOutcome, success: string = UPLOAD_MESSAGES.success) {
    inFlight.current = null;
    clear();
    setProgress(null);
    setUploading(false);
    if (!outcome.ok) return setRefusal(refusalOf(sent, outcome.message));
    toast.success(success);
    const path = inAppPath(outcome.redirectUrl);
    if (path) void navigate(path);
    else window.location.assign(outcome.redirectUrl);
  }

  async function submit() {
    if (!file || uploading) return;
    if (!campaignId) return void toast.error(UPLOAD_MESSAGES.noCampaign);
    const problems = checkDetails(title, playedOn, localToday());
    setErrors(problems);
    if (problems.title || problems.playedOn) return;
    setUploading(true);
    const kind = isTranscriptFile(file) ? 'transcript' : 'audio';
    // A transcript has no audio, so it uses none of the plan's audio hours.
    const check = kind === 'audio' ? await capacity(client) : 'ok';
    if (check !== 'ok') {
      setUploading(false);
      return void toast.error(check);
    }
    const controller = new AbortController();
    inFlight.current = controller;
    setProgress(0);
    let token: string;
    try {
      token = await csrfToken();
    } catch {
      return finish(file, { ok: false, message: UPLOAD_MESSAGES.network });
    }
    const outcome = await sendUpload({
      file,
      kind,
      campaignId,
      title: title.trim(),
      playedOn,
      csrfToken: token,
      onProgress: setProgress,
      signal: controller.signal,
    });
    // Aborted because the page went away: nothing left to show or reset.
    if (!controller.signal.aborted)
      finish(file, outcome, kind === 'audio' ? UPLOAD_MESSAGES.success : IMPORT_MESSAGES.success);
  }

  return {
    file,
    title,
    setTitle,
    playedOn,
    setPlayedOn,
    errors,
    progress,
    uploading,
    refusal,
    processing: progress !== null && progress > PROCESSING_AFTER_PERCENT,
    choose,
    remove: clear,
    submit,
  };
}
