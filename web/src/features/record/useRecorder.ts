import { useCallback, useEffect, useRef, useState } from 'react';
import { userError } from '../../lib/errors';
import { microphoneError, preferredMimeType, recordingUnavailable } from './mic-errors';
import { partUploader } from './part-uploader';

/** MediaRecorder hands over a part this often: at most these seconds are lost if the machine dies. */
const TIMESLICE_MS = 5_000;
/** Speech needs little: about 14 MB an hour, so parts stay small on a phone's connection. */
const BITS_PER_SECOND = 32_000;

export type RecorderPhase = 'idle' | 'starting' | 'recording' | 'paused' | 'stopping';

/** Where the parts go: the server's recording, its current segment and the next part number. */
export interface RecordingTarget {
  id: string;
  segment: number;
  partsReceived: number;
}

interface Running {
  recorder: MediaRecorder;
  stream: MediaStream;
  audio: AudioContext;
  meter: number;
  target: RecordingTarget;
  /** Parts handed to the store not yet written: Stop waits for them before finishing. */
  pending: Set<Promise<void>>;
  wakeLock: WakeLockSentinel | null;
}

/**
 * Records the microphone with MediaRecorder and hands each timeslice to the part uploader, with
 * a level meter (Web Audio AnalyserNode), the elapsed time, a screen wake lock and a warning
 * before the page is left while recording.
 */
export function useRecorder() {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [error, setError] = useState<string | null>(null);
  const [level, setLevel] = useState(0);
  const [elapsedMs, setElapsedMs] = useState(0);
  const running = useRef<Running | null>(null);
  const clock = useRef({ before: 0, since: 0 });

  useEffect(() => {
    if (phase !== 'recording') return;
    const timer = setInterval(() => setElapsedMs(clock.current.before + Date.now() - clock.current.since), 250);
    return () => clearInterval(timer);
  }, [phase]);

  // Leaving the page ends the recording; the browser asks first.
  useEffect(() => {
    if (phase === 'idle') return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [phase]);

  // A wake lock ends when the page is hidden; it is asked for again when the page shows.
  useEffect(() => {
    if (phase !== 'recording' && phase !== 'paused') return;
    const again = () => {
      if (document.visibilityState === 'visible' && running.current) void keepAwake(running.current);
    };
    document.addEventListener('visibilitychange', again);
    return () => document.removeEventListener('visibilitychange', again);
  }, [phase]);

  useEffect(() => () => release(running.current), []);

  /** Asks for the microphone, then `begin` (start or resume on the server) says where parts go. */
  const start = useCallback(async (begin: (mimeType: string) => Promise<RecordingTarget>) => {
    setError(null);
    const unavailable = recordingUnavailable();
    if (unavailable) return setError(unavailable);
    setPhase('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: false } });
    } catch (err) {
      setPhase('idle');
      return setError(microphoneError(err));
    }
    let recorder: MediaRecorder;
    let target: RecordingTarget;
    try {
      const mimeType = preferredMimeType();
      recorder = new MediaRecorder(stream, { ...(mimeType ? { mimeType } : {}), audioBitsPerSecond: BITS_PER_SECOND });
      target = await begin(recorder.mimeType || mimeType || 'audio/webm');
    } catch (err) {
      stream.getTracks().forEach((t) => t.stop());
      setPhase('idle');
      return setError(userError(err, 'Recording could not start. Please try again.').message);
    }
    const now: Running = {
      recorder,
      stream,
      target,
      pending: new Set(),
      wakeLock: null,
      ...meter(stream, setLevel),
    };
    let next = target.partsReceived;
    recorder.ondataavailable = (e) => {
      if (!e.data.size) return;
      const part = { recordingId: target.id, segment: target.segment, number: next++, blob: e.data };
      const stored = partUploader.enqueue(part).catch(() => undefined);
      now.pending.add(stored);
      void stored.finally(() => now.pending.delete(stored));
    };
    recorder.start(TIMESLICE_MS);
    running.current = now;
    clock.current = { before: 0, since: Date.now() };
    setElapsedMs(0);
    setPhase('recording');
    void keepAwake(now);
  }, []);

  const pause = useCallback(() => {
    const now = running.current;
    if (!now || now.recorder.state !== 'recording') return;
    now.recorder.pause();
    clock.current.before += Date.now() - clock.current.since;
    setElapsedMs(clock.current.before);
    setPhase('paused');
  }, []);

  const resume = useCallback(() => {
    const now = running.current;
    if (!now || now.recorder.state !== 'paused') return;
    now.recorder.resume();
    clock.current.since = Date.now();
    setPhase('recording');
  }, []);

  /** Stops recording and waits until every part reached the server; returns the recording's id. */
  const stop = useCallback(async (): Promise<string | null> => {
    const now = running.current;
    if (!now) return null;
    setPhase('stopping');
    if (now.recorder.state !== 'inactive') {
      await new Promise<void>((resolve) => {
        now.recorder.addEventListener('stop', () => resolve(), { once: true });
        now.recorder.stop();
      });
    }
    release(now);
    running.current = null;
    setLevel(0);
    await Promise.all(now.pending);
    await partUploader.drained(now.target.id);
    setPhase('idle');
    return now.target.id;
  }, []);

  return { phase, error, level, elapsedMs, start, pause, resume, stop, clearError: () => setError(null) };
}

/** The microphone's loudness, 0 to 1, ten times a second (RMS of the waveform, scaled for speech). */
function meter(stream: MediaStream, onLevel: (level: number) => void): { audio: AudioContext; meter: number } {
  const audio = new AudioContext();
  void audio.resume();
  const analyser = audio.createAnalyser();
  analyser.fftSize = 1024;
  audio.createMediaStreamSource(stream).connect(analyser);
  const samples = new Uint8Array(analyser.fftSize);
  const timer = window.setInterval(() => {
    analyser.getByteTimeDomainData(samples);
    let sum = 0;
    for (const s of samples) sum += ((s - 128) / 128) ** 2;
    onLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
  }, 100);
  return { audio, meter: timer };
}

async function keepAwake(now: Running): Promise<void> {
  try {
    if (!now.wakeLock || now.wakeLock.released) now.wakeLock = (await navigator.wakeLock?.request('screen')) ?? null;
  } catch {
    // Refused (battery saver, a hidden page): recording goes on; the screen may just sleep.
  }
}

function release(now: Running | null): void {
  if (!now) return;
  window.clearInterval(now.meter);
  void now.audio.close().catch(() => undefined);
  now.stream.getTracks().forEach((t) => t.stop());
  void now.wakeLock?.release().catch(() => undefined);
  now.wakeLock = null;
}
