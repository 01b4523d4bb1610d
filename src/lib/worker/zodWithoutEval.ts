/**
 * Zod compiles object schemas with `new Function` when it can, and learns whether it can by
 * trying once. Under the app's Content-Security-Policy (no `'unsafe-eval'`) that try is refused
 * and reported as a violation, so this turns the compiler off before any schema exists. The
 * worker entries import it first: the MCP SDK makes its schemas as its modules load.
 */
import { config } from 'zod';

config({ jitless: true });
