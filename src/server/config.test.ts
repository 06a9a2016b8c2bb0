import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadDatabaseConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs the local demo on the embedded database under DATA_DIR by default', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/store' });
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ driver: 'pglite', dataDir: '/tmp/store/pglite' });
    expect(config.appEnv).toBe('local');
  });

  it('uses a PostgreSQL server when DATABASE_URL is set, as a production environment', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/store', PORT: '8080', PUBLIC_URL: 'https://shop.example.com/' });
    expect(config.database).toMatchObject({ driver: 'postgres', url: 'postgres://u@db:5432/store' });
    expect(config.appEnv).toBe('production');
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('https://shop.example.com');
  });

  it('will not start in production without PUBLIC_URL, since links would otherwise name whatever Host a request sent', () => {
    const required = /^PUBLIC_URL is required in production/;
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@db:5432/store' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@db:5432/store' })).toThrow(required);
    expect(() => loadConfig({ APP_ENV: 'production', DATA_DIR: '/tmp/store' })).toThrow(required);
  });

  it('lets the seed reach a PostgreSQL server without PUBLIC_URL, since seeding gives out no links', () => {
    const config = loadDatabaseConfig({ DATABASE_URL: 'postgres://u@db:5432/store' });
    expect(config).toEqual({ database: { driver: 'postgres', url: 'postgres://u@db:5432/store', poolSize: 10 }, appEnv: 'production' });
    expect(loadDatabaseConfig({ DATA_DIR: '/tmp/store' })).toEqual({ database: { driver: 'pglite', dataDir: '/tmp/store/pglite' }, appEnv: 'local' });
    expect(() => loadDatabaseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('links to localhost on its own port in a local environment without PUBLIC_URL', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/store', PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ DATA_DIR: '/tmp/store', PUBLIC_URL: 'http://127.0.0.1:4100' }).publicUrl).toBe('http://127.0.0.1:4100');
  });

  it('takes only a web address as PUBLIC_URL', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/store', PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ DATA_DIR: '/tmp/store', PUBLIC_URL: 'shop.example.com' })).toThrow(/PUBLIC_URL/);
  });

  it('runs the housekeeping every ten minutes unless HOUSEKEEPING_SECONDS says otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/store' }).jobs.housekeepingSeconds).toBe(600);
    expect(loadConfig({ DATA_DIR: '/tmp/store', HOUSEKEEPING_SECONDS: '5' }).jobs.housekeepingSeconds).toBe(5);
    expect(() => loadConfig({ DATA_DIR: '/tmp/store', HOUSEKEEPING_SECONDS: '0' })).toThrow(/HOUSEKEEPING_SECONDS/);
  });

  it('stops with a message naming each wrong value', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('DATABASE_URL');
    }
  });
});
