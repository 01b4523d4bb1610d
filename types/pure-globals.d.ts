/**
 * The only host globals a pure domain module may use, for `tsconfig.pure.json`: the web platform
 * pieces that every place our pure code runs (a window, a worker, Node, Vitest) has in common.
 * No DOM, no storage, no network: a pure module that reaches for one of those fails to compile.
 */

/* eslint-disable no-var -- a global is a property of globalThis only when declared with var. */

type BufferSource = ArrayBufferView | ArrayBuffer;

declare class TextEncoder {
  encode(input?: string): Uint8Array<ArrayBuffer>;
}

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  decode(input?: BufferSource, options?: { stream?: boolean }): string;
}

declare var crypto: {
  getRandomValues<T extends ArrayBufferView>(array: T): T;
  randomUUID(): `${string}-${string}-${string}-${string}-${string}`;
  subtle: { digest(algorithm: 'SHA-256' | 'SHA-1', data: BufferSource): Promise<ArrayBuffer> };
};

declare interface AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  throwIfAborted(): void;
}

declare function setTimeout(handler: () => void, timeout?: number): number;
declare function clearTimeout(id: number | undefined): void;

declare var console: {
  log(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
};
