import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults: port 8080, embedded database, demo station, Europe/London', () => {
    const c = loadConfig({}, '/srv/airdeck');
    expect(c.PORT).toBe(8080);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.DATA_DIR).toBe('/srv/airdeck/data');
    expect(c.SEED_DEMO).toBe(true);
    expect(c.STATION_SOURCE).toBe('demo');
    expect(c.STATION_TIMEZONE).toBe('Europe/London');
  });

  it('names the variable at fault', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ STATION_TIMEZONE: 'Mars/Olympus' })).toThrow(/STATION_TIMEZONE: must be an IANA time zone/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ STATION_SOURCE: 'icecast' })).toThrow(/STATION_URL: is required when STATION_SOURCE is icecast/);
    expect(() => loadConfig({ OWNER_EMAIL: 'a@b.co' })).toThrow(/OWNER_PASSWORD/);
  });

  it('seeds the demo by default only where PUBLIC_URL is unset or local (issue 39); SEED_DEMO says otherwise explicitly', () => {
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://[::1]:8080' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://radio.station.example' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://radio.station.example', SEED_DEMO: '' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.20:8080' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://radio.station.example', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });

  it('reads flags and lists', () => {
    const c = loadConfig({ SEED_DEMO: 'false', CORS_ORIGINS: 'https://a.example, https://b.example' });
    expect(c.SEED_DEMO).toBe(false);
    expect(c.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
  });
});
