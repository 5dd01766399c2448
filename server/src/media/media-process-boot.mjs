// The media process is started with plain node: register tsx here, then load the TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./media-process.ts');
