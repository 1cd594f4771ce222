import type { RequestHandler } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Connection } from '@temporalio/client';

async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function check(work: () => Promise<unknown>): Promise<{ ok: boolean; error?: string }> {
  try {
    await within(2000, work());
    return { ok: true };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
}

/** 200 when both PostgreSQL and Temporal answer, 503 (with which one failed) otherwise. */
export function healthz(orm: MikroORM, temporal: Connection): RequestHandler {
  return async (_req, res) => {
    const [database, temporalStatus] = await Promise.all([
      check(() => orm.em.getConnection().execute('select 1')),
      check(() => temporal.workflowService.getSystemInfo({})),
    ]);
    const ok = database.ok && temporalStatus.ok;
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'unavailable', database, temporal: temporalStatus });
  };
}
