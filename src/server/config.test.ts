import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.sqlitePath).toMatch(/data\/store\.sqlite$/);
    expect(config.cookieSecure).toBe(false);
  });
  it('names every bad variable in one message', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: 'short', COOKIE_SECURE: 'maybe' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ['PORT', 'DATABASE_URL', 'ADMIN_PASSWORD', 'COOKIE_SECURE']) expect(message).toContain(name);
  });
  it('refuses a common admin password', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'password1234' })).toThrow(/ADMIN_PASSWORD: is one of the most common/);
  });
  it('turns secure cookies on whenever PUBLIC_URL is https, and never lets them be turned off then', () => {
    const shop = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.in' };
    expect(loadConfig(shop).cookieSecure).toBe(true);
    expect(loadConfig({ ...shop, NODE_ENV: 'development' }).cookieSecure).toBe(true);
    expect(() => loadConfig({ ...shop, COOKIE_SECURE: 'false' })).toThrow(/COOKIE_SECURE: cannot be false/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://192.168.1.20:3000' }).cookieSecure).toBe(false);
  });
  it('chooses PostgreSQL from a postgres:// URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).databaseUrl).toBe('postgres://u@h/db');
  });
  it('takes a pool size of 1 to 100 connections, or leaves it to the machine', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '6' }).databasePoolSize).toBe(6);
    expect(loadConfig({}).databasePoolSize).toBeUndefined();
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE: must be at least 1/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'four' })).toThrow(/DATABASE_POOL_SIZE: must be a whole number/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '2.5' })).toThrow(/DATABASE_POOL_SIZE: must be a whole number/);
  });
});
