/** Markdown text handling for the editor: file decoding, front matter and block chunking. */
export { chunkSource, collectDefinitions, splitTopLevelBlocks } from './blocks';
export type { Chunk, ChunkSource } from './blocks';
export { splitFrontMatter } from './frontMatter';
export type { FrontMatterSplit } from './frontMatter';
export { decodeFile, encodeFile } from './textCodec';
export type { DecodeResult, TextFormat } from './textCodec';
