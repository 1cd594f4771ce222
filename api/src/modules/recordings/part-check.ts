import { runCommand } from '../../adapters/process/run-command';

/**
 * Whether a recording's first part starts a container ffprobe reads, with an audio stream in it.
 * Later parts are byte slices of the same stream and cannot be checked alone; the first holds the
 * container's header, so a client sending anything but a recording is refused at its first part.
 */
export async function startsWithAudio(file: string, signal?: AbortSignal): Promise<boolean> {
  const probe = await runCommand('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', `file:${file}`], {
    signal,
    timeoutMs: 30_000,
  });
  if (probe.code !== 0) return false;
  try {
    const parsed = JSON.parse(probe.stdout) as { streams?: Array<{ codec_type?: string; codec_name?: string }> };
    return (parsed.streams ?? []).some((s) => s.codec_type === 'audio' && Boolean(s.codec_name));
  } catch {
    return false;
  }
}
