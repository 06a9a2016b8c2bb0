import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs the local demo on the embedded database under DATA_DIR by default', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/store' });
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ driver: 'pglite', dataDir: '/tmp/store/pglite' });
    expect(config.appEnv).toBe('local');
  });

  it('uses a PostgreSQL server when DATABASE_URL is set, as a production environment', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/store', PORT: '8080' });
    expect(config.database).toMatchObject({ driver: 'postgres', url: 'postgres://u@db:5432/store' });
    expect(config.appEnv).toBe('production');
    expect(config.port).toBe(8080);
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
