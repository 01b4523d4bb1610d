/** `VMARK_PORT`: the hub's port on 127.0.0.1, 7331 unless set. */
export const DEFAULT_PORT = 7331;

export function portFromEnv(
  raw: string | undefined,
): { ok: true; port: number } | { ok: false; message: string } {
  const text = raw?.trim() || String(DEFAULT_PORT);
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 1 && port <= 65535)) {
    return {
      ok: false,
      message: `VMARK_PORT must be a port number from 1 to 65535, not "${raw}".`,
    };
  }
  return { ok: true, port };
}
