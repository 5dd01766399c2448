// Worker threads on Node 20 do not inherit the TypeScript loader: register tsx here, then load the thread.
import { register } from 'tsx/esm/api';

register();
await import('./media-thread.ts');
