// The browser tests' servers listen on four ports from E2E_PORT_BASE (default 4173), so that two runs on
// one machine can use different ones.
const base = Number(process.env.E2E_PORT_BASE ?? 4173);

export const E2E_PORT = base;
export const E2E_THROTTLED_PORT = base + 1;
export const FAKE_MODEL_PORT = base + 2;
/** The fake model's address, where tests also queue what it does next (tests/fake-model/server.ts). */
export const FAKE_MODEL_URL = `http://127.0.0.1:${FAKE_MODEL_PORT}`;
/** A server the any-address test starts itself, without PUBLIC_URL. */
export const OPEN_ADDRESS_PORT = base + 3;
