/** Markdown text handling for the editor: file decoding, front matter and block chunking. */
export { splitTopLevelBlocks, type Chunk } from './blocks';
export { chunkSource, type ChunkSource } from './chunkSource';
export { collectDefinitions } from './definitions';
export { splitFrontMatter, type FrontMatterSplit } from './frontMatter';
export { decodeFile, encodeFile, type DecodeResult, type TextFormat } from './textCodec';
