import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration validated at boot', () => {
  it('embedded defaults: port 3000, ./data, demo data on, a secret generated and kept in the data folder', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demoData).toBe(true);
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(config.sessionSecret);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
    expect(loadConfig({}).dataDir).toBe(path.resolve('./data'));
  });

  it('with DATABASE_URL a session secret is required and demo data is off unless DEMO_DATA=on', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x@localhost/db' })).toThrow(/SESSION_SECRET/);
    const secret = 'x'.repeat(32);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db', SESSION_SECRET: secret }).demoData).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://x@localhost/db', SESSION_SECRET: secret, DEMO_DATA: 'on' }).demoData,
    ).toBe(true);
  });

  it('deploy settings: a drain of 5 s after SIGTERM, no worker port, no previous secret unless set', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    const defaults = loadConfig({ DATA_DIR: dir });
    expect(defaults.shutdownDrainMs).toBe(5000);
    expect(defaults.workerPort).toBeUndefined();
    expect(defaults.sessionSecretPrevious).toBeUndefined();
    const set = loadConfig({
      DATA_DIR: dir,
      SHUTDOWN_DRAIN_SECONDS: '0',
      WORKER_PORT: '9464',
      SESSION_SECRET_PREVIOUS: 'p'.repeat(32),
    });
    expect(set).toMatchObject({ shutdownDrainMs: 0, workerPort: 9464, sessionSecretPrevious: 'p'.repeat(32) });
    expect(loadConfig({ DATA_DIR: dir, WORKER_PORT: '', SESSION_SECRET_PREVIOUS: '' }).workerPort).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dir, SESSION_SECRET_PREVIOUS: 'short' })).toThrow(/SESSION_SECRET_PREVIOUS/);
    expect(() => loadConfig({ DATA_DIR: dir, WORKER_PORT: '70000' })).toThrow(/WORKER_PORT/);
    expect(() => loadConfig({ DATA_DIR: dir, SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'not a url', OIDC_ISSUER: 'http://idp.example' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).problems.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('polls for jobs every 0.5 s and wakes workers at once unless told otherwise', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({ jobPollMs: 500, instantResults: true });
    expect(loadConfig({ DATA_DIR: dir, JOB_POLL_SECONDS: '60', INSTANT_RESULTS: 'off' })).toMatchObject({
      jobPollMs: 60_000,
      instantResults: false,
    });
    expect(() => loadConfig({ DATA_DIR: dir, JOB_POLL_SECONDS: '0' })).toThrow(/JOB_POLL_SECONDS/);
  });

  it('keeps done jobs 7 days unless JOB_RETENTION_DAYS says otherwise (0: until the next hourly purge)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cfg-'));
    expect(loadConfig({ DATA_DIR: dir }).jobRetentionMs).toBe(7 * 86_400_000);
    expect(loadConfig({ DATA_DIR: dir, JOB_RETENTION_DAYS: '0.5' }).jobRetentionMs).toBe(43_200_000);
    expect(loadConfig({ DATA_DIR: dir, JOB_RETENTION_DAYS: '0' }).jobRetentionMs).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dir, JOB_RETENTION_DAYS: '-1' })).toThrow(/JOB_RETENTION_DAYS/);
  });
});
