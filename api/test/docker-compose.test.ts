import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { configKeys } from '../src/config/config';

/**
 * No Docker engine runs here, so docker-compose.yml cannot be started in the tests; this checks
 * what can go wrong without one: the services, health checks and start order, the variables the
 * app reads, and that every file the build refers to exists.
 */
const repo = path.resolve(__dirname, '../..');

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string; target?: string };
  command?: string[];
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: string[] };
  cpu_shares?: number;
}

const compose = parse(fs.readFileSync(path.join(repo, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const services = compose.services;
const appServices = ['api', 'worker'] as const;

describe('docker-compose.yml (the multi-service deployment)', () => {
  it('has the eight services', () => {
    expect(Object.keys(services).sort()).toEqual([
      'api',
      'mailpit',
      'postgres',
      'speech',
      'temporal',
      'temporal-ui',
      'web',
      'worker',
    ]);
    expect(services.postgres.image).toMatch(/^postgres:16/);
    expect(services.temporal.image).toMatch(/^temporalio\/(auto-setup|server):/);
    expect(services['temporal-ui'].image).toMatch(/^temporalio\/ui:/);
    expect(services.mailpit.image).toMatch(/^axllent\/mailpit:v/);
  });

  it('health-checks every service that serves something (the worker has no port)', () => {
    for (const name of ['postgres', 'temporal', 'temporal-ui', 'api', 'web', 'speech', 'mailpit']) {
      expect({ name, test: services[name].healthcheck?.test }).toEqual({ name, test: expect.any(Array) });
    }
    expect(services.postgres.healthcheck!.test.join(' ')).toContain('pg_isready');
    expect(services.api.healthcheck!.test.join(' ')).toContain('/healthz');
    expect(services.speech.healthcheck!.test.join(' ')).toContain('/health');
  });

  it('starts each service only after what it depends on is healthy', () => {
    for (const [name, service] of Object.entries(services)) {
      if (!service.depends_on) continue;
      expect(Array.isArray(service.depends_on)).toBe(false);
      for (const [dependency, { condition }] of Object.entries(
        service.depends_on as Record<string, { condition: string }>,
      )) {
        expect({ name, dependency, condition }).toEqual({ name, dependency, condition: 'service_healthy' });
        expect(services[dependency]?.healthcheck).toBeDefined();
      }
    }
    expect(Object.keys(services.api.depends_on!)).toEqual(expect.arrayContaining(['postgres', 'temporal']));
    // Workers wait for the api, which applies the migrations, and for the speech service they transcribe with.
    expect(Object.keys(services.worker.depends_on!)).toEqual(expect.arrayContaining(['api', 'speech']));
  });

  it('configures the api and worker only through variables the config module reads', () => {
    for (const name of appServices) {
      const env = services[name].environment ?? {};
      const unknown = Object.keys(env).filter((key) => !(configKeys as string[]).includes(key));
      expect({ name, unknown }).toEqual({ name, unknown: [] });
      expect(env).toMatchObject({
        DATABASE_URL: expect.stringMatching(/^postgresql:\/\/.*@postgres:5432\//),
        TEMPORAL_ADDRESS: 'temporal:7233',
        SESSION_SECRET: expect.stringContaining('${SESSION_SECRET'),
        NODE_ENV: 'production',
        STT_URL: expect.stringContaining('http://speech:8000/v1'),
        SMTP_URL: expect.stringContaining('smtp://mailpit:1025'),
      });
    }
    expect(services.api.environment!.RUN_WORKER).toBe('false');
  });

  it('gives processing (worker, speech) a lower CPU weight than the services people wait on', () => {
    for (const name of ['worker', 'speech']) expect(services[name].cpu_shares).toBeLessThan(1024);
    for (const name of ['api', 'web', 'postgres']) expect(services[name].cpu_shares).toBeUndefined();
  });

  it('runs the api and the worker role from one image; the entry point exists', () => {
    expect(services.worker.image).toBe(services.api.image);
    expect(services.worker.build).toEqual(services.api.build);
    expect(services.worker.command).toEqual(['node', 'api/dist/main.js', 'worker']);
    expect(fs.existsSync(path.join(repo, 'api/src/main.ts'))).toBe(true);
  });

  it('builds from files that exist: context, Dockerfile, its target stages and what it copies', () => {
    for (const [name, service] of Object.entries(services)) {
      if (!service.build) continue;
      const context = path.join(repo, service.build.context);
      const dockerfile = path.join(context, service.build.dockerfile);
      expect({ name, context: fs.existsSync(context), dockerfile: fs.existsSync(dockerfile) }).toEqual({
        name,
        context: true,
        dockerfile: true,
      });
      const text = fs.readFileSync(dockerfile, 'utf8');
      if (service.build.target) expect(text).toMatch(new RegExp(`^FROM \\S+ AS ${service.build.target}$`, 'm'));
      const copiedFromContext = [...text.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => m[1].split(/\s+/));
      for (const source of copiedFromContext.filter((s) => s !== '.')) {
        expect({ source, exists: fs.existsSync(path.join(context, source)) }).toEqual({ source, exists: true });
      }
    }
  });

  it('keeps machine-local and built files out of the build context', () => {
    const ignored = fs.readFileSync(path.join(repo, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '.data', '.tools', '**/dist']));
  });
});
