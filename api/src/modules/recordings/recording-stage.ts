/** What the archive shows while a session is being recorded (its stage line). */
export function recordingStage(transcribedMs: number, finishing: boolean): string {
  // Seconds until the first minute: "0 min transcribed" above lines already shown reads as nothing.
  const amount =
    transcribedMs < 60_000 ? `${Math.floor(transcribedMs / 1000)} s` : `${Math.floor(transcribedMs / 60_000)} min`;
  return `${finishing ? 'Finishing the recording' : 'Recording'} — ${amount} transcribed`;
}
