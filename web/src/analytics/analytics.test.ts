import { describe, expect, it, vi } from 'vitest';
import { ANALYTICS_EVENTS, createAnalytics, readAnalyticsConfig, trackSubmittedCounts } from './analytics.ts';

describe('analytics adapter', () => {
  it('is off by default: no page configuration, no build setting', () => {
    expect(readAnalyticsConfig(undefined, {})).toBeNull();
    expect(readAnalyticsConfig(undefined, { DEV: false, VITE_APP_ENV: 'production' })).toBeNull();
    const transport = vi.fn();
    const analytics = createAnalytics(readAnalyticsConfig(undefined, {}), transport);
    expect(analytics.enabled).toBe(false);
    trackSubmittedCounts({ upcCount: 2, fileCount: 3 }, analytics);
    expect(transport).not.toHaveBeenCalled();
  });

  it('the app adapter in the test environment (Vite dev mode) is off', async () => {
    window.productHubAnalytics = { endpoint: '/collect', environment: 'production' };
    const { getAnalytics } = await import('./analytics.ts');
    expect(getAnalytics().enabled).toBe(false);
    delete window.productHubAnalytics;
  });

  it('never sends in local mode, however it is configured', () => {
    expect(readAnalyticsConfig({ endpoint: '/collect', environment: 'local' }, {})).toBeNull();
    expect(readAnalyticsConfig({ endpoint: '/collect' }, { VITE_APP_ENV: 'local' })).toBeNull();
    expect(readAnalyticsConfig({ endpoint: '/collect', environment: 'production' }, { DEV: true })).toBeNull();
    expect(readAnalyticsConfig(undefined, { VITE_ANALYTICS_ENDPOINT: '/collect', VITE_APP_ENV: 'local' })).toBeNull();
  });

  it('sends the submitted counts with the right payload when enabled (page configuration)', () => {
    const track = vi.fn();
    const config = readAnalyticsConfig({ track, environment: 'production' }, { DEV: false });
    const analytics = createAnalytics(config);
    expect(analytics.enabled).toBe(true);
    trackSubmittedCounts({ upcCount: 2, fileCount: 3 }, analytics);
    expect(track).toHaveBeenCalledExactlyOnceWith('Submitted UPC and File Counts', { upcCount: 2, fileCount: 3 });
  });

  it('sends to the endpoint of the build settings', () => {
    const config = readAnalyticsConfig(undefined, { VITE_ANALYTICS_ENDPOINT: '/collect', VITE_APP_ENV: 'production' });
    expect(config).toEqual({ endpoint: '/collect', environment: 'production' });
    const transport = vi.fn();
    trackSubmittedCounts({ upcCount: 1, fileCount: 4 }, createAnalytics(config, transport));
    expect(transport).toHaveBeenCalledExactlyOnceWith(config, ANALYTICS_EVENTS.submittedCounts, {
      upcCount: 1,
      fileCount: 4,
    });
  });

  it('beacons the event as JSON to the endpoint', async () => {
    const beacon = vi.fn((_url: string | URL, _data?: BodyInit | null) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    const analytics = createAnalytics({ endpoint: '/collect' });
    trackSubmittedCounts({ upcCount: 2, fileCount: 2 }, analytics);
    expect(beacon).toHaveBeenCalledOnce();
    const [url, blob] = beacon.mock.calls[0];
    expect(url).toBe('/collect');
    const sent = JSON.parse(await (blob as Blob).text());
    expect(sent).toMatchObject({ event: 'Submitted UPC and File Counts', properties: { upcCount: 2, fileCount: 2 } });
    Reflect.deleteProperty(navigator, 'sendBeacon');
  });

  it('a failing tracker never breaks the screen', () => {
    const analytics = createAnalytics({
      track: () => {
        throw new Error('blocked');
      },
    });
    expect(() => trackSubmittedCounts({ upcCount: 1, fileCount: 1 }, analytics)).not.toThrow();
  });
});
