import { strToU8, zipSync } from 'fflate';

/**
 * The vault's notes as one ZIP, folders and all (fflate: small, dependency-free, and already what
 * the web app packs multi-track uploads with). Deflated; dated so unpacking gives sensible times.
 */
export function vaultZip(files: ReadonlyArray<{ path: string; content: string }>, root: string, mtime = new Date()) {
  const tree: Record<string, [Uint8Array, { mtime: Date }]> = {};
  for (const file of files) tree[`${root}/${file.path}`] = [strToU8(file.content), { mtime }];
  return zipSync(tree, { level: 6 });
}
