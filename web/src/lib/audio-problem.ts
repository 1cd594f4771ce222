const CANNOT_PLAY = 'The recording could not be played.';

/**
 * Why an <audio> element gave up on `url`, in the server's words: the element says nothing of why,
 * so the server is asked once (one byte). E.g. "The recording is being prepared. Please try again
 * in a minute." for a recipient whose copy, silent over GM-only lines, is not made yet.
 */
export async function audioProblem(url: string): Promise<string> {
  try {
    const res = await fetch(url, { headers: { Range: 'bytes=0-0' } });
    if (res.ok) return CANNOT_PLAY;
    const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
    return typeof body?.error === 'string' ? body.error : CANNOT_PLAY;
  } catch {
    return CANNOT_PLAY;
  }
}
