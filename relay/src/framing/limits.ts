/** The largest WebSocket message (and stdio line) the relay carries: 16 MiB. */
export const MAX_FRAME_BYTES = 16 * 1024 * 1024;
