import { defineConfig } from 'vitest/config';

// Referenced by the root vitest.config.ts as the 'web' project; also runnable alone
// with `npx vitest run --root web`.
export default defineConfig({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build-plugins/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
  },
});
