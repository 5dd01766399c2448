import { defineConfig } from 'vitest/config';
import { webProjects } from './vitest.projects.ts';

// The web tests alone: `npx vitest run --root web`. The root vitest.config.ts runs the same projects.
export default defineConfig({ test: { projects: webProjects } });
