/**
 * Build-time configuration, validated once at start-up so a bad value fails loudly
 * with the name of the setting instead of surfacing later as a confusing network error.
 */
export type AppConfig = {
  /** Explicit API base address; wins over the host-based choice when set. */
  apiBaseUrl: string | null;
  /** Hostnames (and their subdomains) that belong to the product's own hosting. */
  productionHosts: string[];
  /** API base address used on the production hosts. */
  productionApiUrl: string | null;
};

export type RawEnv = Record<string, string | boolean | undefined>;

export class ConfigError extends Error {
  constructor(setting: string, problem: string) {
    super(`Invalid configuration: ${setting} ${problem}`);
    this.name = 'ConfigError';
  }
}

function optionalString(raw: RawEnv, name: string): string | null {
  const value = raw[name];
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string') throw new ConfigError(name, 'must be a string');
  return value.trim() || null;
}

function httpUrl(raw: RawEnv, name: string): string | null {
  const value = optionalString(raw, name);
  if (value === null) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, `must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(name, `must use http or https, got "${url.protocol}"`);
  }
  return value.replace(/\/+$/, '');
}

export function parseConfig(raw: RawEnv): AppConfig {
  const apiBaseUrl = httpUrl(raw, 'VITE_API_BASE_URL');
  const productionApiUrl = httpUrl(raw, 'VITE_PRODUCTION_API_URL');
  const hostsRaw = optionalString(raw, 'VITE_PRODUCTION_HOSTS');
  const productionHosts = hostsRaw
    ? hostsRaw
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean)
    : [];
  for (const host of productionHosts) {
    if (!/^[a-z0-9.-]+$/.test(host)) {
      throw new ConfigError('VITE_PRODUCTION_HOSTS', `contains an invalid hostname "${host}"`);
    }
  }
  if (productionHosts.length > 0 && productionApiUrl === null) {
    throw new ConfigError('VITE_PRODUCTION_API_URL', 'is required when VITE_PRODUCTION_HOSTS is set');
  }
  return { apiBaseUrl, productionHosts, productionApiUrl };
}

/**
 * SPEC 1: the base address follows the browser's hostname. Hosts of the product's own
 * hosting use the production service; any other host talks to the server that served
 * the page (same origin), which is where `lectern serve` puts the API.
 */
export function resolveApiBase(config: AppConfig, hostname: string): string {
  if (config.apiBaseUrl !== null) return config.apiBaseUrl;
  const host = hostname.toLowerCase();
  const isProductionHost = config.productionHosts.some((h) => host === h || host.endsWith(`.${h}`));
  if (isProductionHost && config.productionApiUrl !== null) return config.productionApiUrl;
  return '';
}

export const config: AppConfig = parseConfig(import.meta.env as RawEnv);

export const API_BASE: string = resolveApiBase(
  config,
  typeof window === 'undefined' ? 'localhost' : window.location.hostname,
);
