import path from 'node:path';
import type { ResolvedConfig } from 'vite';

/** The build's output folder as an absolute path (Vite's `build.outDir` may be relative to the project root). */
export const outDirOf = (config: ResolvedConfig): string => path.resolve(config.root, config.build.outDir);
