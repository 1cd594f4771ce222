import { Zip, ZipPassThrough } from 'fflate';

/**
 * Several recordings picked at once are one multi-track session: one file per speaker, as Craig
 * records them. They travel as one ZIP (stored, not compressed: audio does not shrink), the upload
 * the api already takes, so the 1 GB limit and the content check cover all of them together.
 * fflate streams each file through (it computes the CRC the format needs) without re-encoding.
 */
export async function packTracks(files: File[]): Promise<File> {
  const parts: Uint8Array[] = [];
  let failed: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failed = err;
    else parts.push(chunk);
  });
  const names = new Set<string>();
  for (const file of files) {
    let name = file.name;
    for (let n = 2; names.has(name); n++) name = `${n}-${file.name}`;
    names.add(name);
    const entry = new ZipPassThrough(name);
    zip.add(entry);
    const reader = file.stream().getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      entry.push(value);
    }
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
  if (failed) throw failed;
  return new File(parts as BlobPart[], `Multi-track recording (${files.length} tracks).zip`, {
    type: 'application/zip',
  });
}
