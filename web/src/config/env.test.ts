import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, resolveApiBase } from '@/config/env';

describe('config', () => {
  it('has working defaults: same-origin API', () => {
    const config = parseConfig({});
    expect(config).toEqual({ apiBaseUrl: null, productionHosts: [], productionApiUrl: null });
    expect(resolveApiBase(config, 'localhost')).toBe('');
  });

  it('names the bad setting', () => {
    expect(() => parseConfig({ VITE_API_BASE_URL: 'not a url' })).toThrow(ConfigError);
    expect(() => parseConfig({ VITE_API_BASE_URL: 'not a url' })).toThrow(/VITE_API_BASE_URL/);
    expect(() => parseConfig({ VITE_API_BASE_URL: 'ftp://x.example' })).toThrow(/VITE_API_BASE_URL/);
    expect(() => parseConfig({ VITE_PRODUCTION_HOSTS: 'lectern.app' })).toThrow(/VITE_PRODUCTION_API_URL/);
    expect(() =>
      parseConfig({ VITE_PRODUCTION_HOSTS: 'bad host!', VITE_PRODUCTION_API_URL: 'https://api.example' }),
    ).toThrow(/VITE_PRODUCTION_HOSTS/);
  });

  it('chooses the base by hostname (SPEC 1)', () => {
    const config = parseConfig({
      VITE_PRODUCTION_HOSTS: 'lectern.app, lectern.example',
      VITE_PRODUCTION_API_URL: 'https://api.lectern.app/',
    });
    expect(resolveApiBase(config, 'lectern.app')).toBe('https://api.lectern.app');
    expect(resolveApiBase(config, 'www.lectern.example')).toBe('https://api.lectern.app');
    expect(resolveApiBase(config, 'localhost')).toBe('');
    expect(resolveApiBase(config, 'notlectern.app')).toBe('');
  });

  it('lets an explicit base win', () => {
    const config = parseConfig({
      VITE_API_BASE_URL: 'http://127.0.0.1:9000',
      VITE_PRODUCTION_HOSTS: 'lectern.app',
      VITE_PRODUCTION_API_URL: 'https://api.lectern.app',
    });
    expect(resolveApiBase(config, 'lectern.app')).toBe('http://127.0.0.1:9000');
  });
});
