/** What the user reads when recording cannot start, by the browser's reason. */
export const MIC_MESSAGES = {
  insecure:
    'Recording needs a secure connection: open Questlog over https (or at http://localhost on this computer) to use the microphone.',
  unsupported: 'This browser cannot record audio. Please use a current version of Chrome, Edge, Firefox or Safari.',
  denied:
    "Questlog needs permission to use your microphone. Allow it in your browser's site settings (the icon beside the address), then press Record again.",
  notFound: 'No microphone was found. Connect one, or check that it is switched on, then press Record again.',
  busy: 'Your microphone could not be started; another app may be using it. Close that app, then press Record again.',
  failed: 'Recording could not start. Please try again.',
} as const;

/** Why recording cannot start in this page at all, before asking for the microphone; null when it can. */
export function recordingUnavailable(): string | null {
  if (!window.isSecureContext) return MIC_MESSAGES.insecure;
  if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') return MIC_MESSAGES.unsupported;
  return null;
}

/** getUserMedia's refusals (DOMException names) in words. */
export function microphoneError(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return MIC_MESSAGES.denied;
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') {
    return MIC_MESSAGES.notFound;
  }
  if (name === 'NotReadableError' || name === 'AbortError' || name === 'TrackStartError') return MIC_MESSAGES.busy;
  return MIC_MESSAGES.failed;
}

/** The first container and codec this browser records: Opus in WebM (Chrome, Firefox), else what it has. */
export function preferredMimeType(): string {
  const candidates = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm', 'audio/mp4'];
  return candidates.find((type) => MediaRecorder.isTypeSupported(type)) ?? '';
}
