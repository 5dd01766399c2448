/**
 * A small analytics adapter: off unless configured, and never in local mode (part 1 section 2, Confirmation).
 *
 * Configure it either on the page, before the app's script (`window.productHubAnalytics = { endpoint, environment }`
 * or `{ track(event, properties) { ... } }` to hand events to a vendor snippet), or at build time with
 * `VITE_ANALYTICS_ENDPOINT` (and `VITE_APP_ENV`). `environment: 'local'`, `VITE_APP_ENV=local` or the Vite dev
 * server turn it off whatever else is set.
 */
export type AnalyticsProperties = Record<string, string | number | boolean | null>;

export interface AnalyticsConfig {
  /** Events are POSTed here as JSON {event, properties, sentAt} (sendBeacon, so a page change does not lose them). */
  endpoint?: string;
  /** Takes each event instead of the endpoint, e.g. a vendor's tracker already on the page. */
  track?: (event: string, properties: AnalyticsProperties) => void;
  /** 'local' turns analytics off. */
  environment?: string;
}

declare global {
  interface Window {
    productHubAnalytics?: AnalyticsConfig;
  }
}

export interface Analytics {
  readonly enabled: boolean;
  track(event: string, properties?: AnalyticsProperties): void;
}

export type AnalyticsTransport = (config: AnalyticsConfig, event: string, properties: AnalyticsProperties) => void;

export const ANALYTICS_EVENTS = {
  submittedCounts: 'Submitted UPC and File Counts',
} as const;

/** The build-time settings the adapter reads (a subset of import.meta.env). */
export interface AnalyticsEnv {
  DEV?: boolean;
  VITE_ANALYTICS_ENDPOINT?: string;
  VITE_APP_ENV?: string;
}

const isLocal = (config: AnalyticsConfig, env: AnalyticsEnv) =>
  !!env.DEV || env.VITE_APP_ENV === 'local' || config.environment === 'local';

/** The configuration in force, or null when analytics is off. */
export function readAnalyticsConfig(
  pageConfig: AnalyticsConfig | undefined = typeof window === 'undefined' ? undefined : window.productHubAnalytics,
  env: AnalyticsEnv = import.meta.env,
): AnalyticsConfig | null {
  const config: AnalyticsConfig = pageConfig ?? {
    endpoint: env.VITE_ANALYTICS_ENDPOINT || undefined,
    environment: env.VITE_APP_ENV,
  };
  if (!config.track && !config.endpoint) return null;
  if (isLocal(config, env)) return null;
  return config;
}

export const sendEvent: AnalyticsTransport = (config, event, properties) => {
  if (config.track) {
    config.track(event, properties);
    return;
  }
  if (!config.endpoint) return;
  const body = JSON.stringify({ event, properties, sentAt: new Date().toISOString() });
  const queued = navigator.sendBeacon?.(config.endpoint, new Blob([body], { type: 'application/json' }));
  if (!queued) {
    void fetch(config.endpoint, {
      method: 'POST',
      body,
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
    }).catch(() => undefined);
  }
};

export function createAnalytics(config: AnalyticsConfig | null, transport: AnalyticsTransport = sendEvent): Analytics {
  return {
    enabled: config !== null,
    track(event, properties = {}) {
      if (!config) return;
      try {
        transport(config, event, properties);
      } catch {
        // Analytics must never break a screen.
      }
    },
  };
}

/** The app's adapter, configured from the page and the build; read when first used. */
let appAnalytics: Analytics | null = null;
export function getAnalytics(): Analytics {
  appAnalytics ??= createAnalytics(readAnalyticsConfig());
  return appAnalytics;
}

/** The confirmation screen's event: how many products (distinct UPCs) and files were just submitted. */
export function trackSubmittedCounts(
  counts: { upcCount: number; fileCount: number },
  analytics: Analytics = getAnalytics(),
) {
  analytics.track(ANALYTICS_EVENTS.submittedCounts, { upcCount: counts.upcCount, fileCount: counts.fileCount });
}
