import { resolveNamesWith } from '../../src/modules/webhooks/address-guard.ts';

/**
 * A webhook host the address guard takes for public: a reserved `.invalid` name (RFC 2606), resolved in the test
 * process to a public address that is only parsed, never connected to (hooks using it are
 * registered inactive, and the harness refuses any connection off this machine).
 */
export const PUBLIC_TEST_HOST = 'hooks.example.invalid';
const STANDS_FOR = '93.184.215.14';

/** Resolves PUBLIC_TEST_HOST in this process; returns the restore. */
export const resolvePublicTestHost = () => resolveNamesWith({ [PUBLIC_TEST_HOST]: STANDS_FOR });
export const PUBLIC_TEST_ADDRESS = STANDS_FOR;
