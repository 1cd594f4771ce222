import fs from 'node:fs/promises';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { MaintenanceActivities, StorageSweep } from '@questlog/workflows';
import type { Config } from '../config/config';
import { Login } from '../kernel/entities/login.entity';
import { Session } from '../kernel/entities/session.entity';
import type { AudioStorage } from '../storage/storage';
import { WORK_DIR_NAME, WORK_DIR_ROOT } from './activity-runtime';

/** Session audio lives under `sessions/<session id>/` (storage-key.ts): the original, its chunks and its rendition. */
const SESSION_KEY = /^sessions\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//;
const LOOKUP_BATCH = 500;

export interface MaintenanceDeps {
  orm: MikroORM;
  storage: AudioStorage;
  config: Config;
}

/** The scheduled upkeep (workflows/src/maintenance): expired logins and orphaned storage. */
export function maintenanceActivities(deps: MaintenanceDeps): MaintenanceActivities {
  return {
    async deleteExpiredLogins() {
      return deps.orm.em.fork().nativeDelete(Login, { expiresAt: { $lte: new Date() } });
    },
    sweepStorage: () => sweepStorage(deps),
  };
}

/**
 * Removes what nothing points to any more, once older than STORAGE_SWEEP_GRACE_HOURS: stored
 * audio whose session row does not exist (the upload stores before it creates the row, so the
 * grace exceeds the longest upload), writes a killed process never finished, and this machine's
 * leftover working directories and upload scratch files (no activity runs that long).
 */
async function sweepStorage(deps: MaintenanceDeps): Promise<StorageSweep> {
  const before = new Date(Date.now() - deps.config.STORAGE_SWEEP_GRACE_HOURS * 3_600_000);
  return {
    orphans: await removeOrphans(deps, before),
    unfinished: await deps.storage.removeUnfinished(before),
    scratch: await removeScratch(deps.config, before),
  };
}

async function removeOrphans(deps: MaintenanceDeps, before: Date): Promise<number> {
  const keysBySession = new Map<string, string[]>();
  for await (const { key, modifiedAt } of deps.storage.list('sessions/')) {
    const sessionId = SESSION_KEY.exec(key)?.[1];
    if (!sessionId || modifiedAt >= before) continue;
    keysBySession.set(sessionId, [...(keysBySession.get(sessionId) ?? []), key]);
  }
  const ids = [...keysBySession.keys()];
  let removed = 0;
  for (let i = 0; i < ids.length; i += LOOKUP_BATCH) {
    const batch = ids.slice(i, i + LOOKUP_BATCH);
    const rows = await deps.orm.em.fork().find(Session, { id: { $in: batch } }, { fields: ['id'] });
    const existing = new Set(rows.map((row) => row.id));
    for (const id of batch.filter((id) => !existing.has(id))) {
      for (const key of keysBySession.get(id)!) {
        await deps.storage.delete(key);
        removed++;
      }
    }
  }
  return removed;
}

/** Activities' working directories and the upload's scratch files (DATA_DIR/tmp) older than `before`. */
async function removeScratch(config: Config, before: Date): Promise<number> {
  const workDirs = (await entries(WORK_DIR_ROOT)).filter((name) => WORK_DIR_NAME.test(name));
  const uploadScratch = path.join(config.DATA_DIR, 'tmp');
  const candidates = [
    ...workDirs.map((name) => path.join(WORK_DIR_ROOT, name)),
    ...(await entries(uploadScratch)).map((name) => path.join(uploadScratch, name)),
  ];
  let removed = 0;
  for (const candidate of candidates) {
    const stat = await fs.stat(candidate).catch(() => null);
    if (!stat || stat.mtime >= before) continue;
    await fs.rm(candidate, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

const entries = (dir: string) => fs.readdir(dir).catch(() => [] as string[]);
