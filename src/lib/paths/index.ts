/** Virtual absolute paths, file and folder names, and the path scope. */

export {
  MAX_PATH_BYTES,
  basenameOf,
  dirnameOf,
  extnameOf,
  formatVirtualPath,
  joinVirtual,
  parseVirtualPath,
} from './virtualPath';
export type { ParseVirtualPathResult, ParsedVirtualPath } from './virtualPath';
export { DEFAULT_MOUNT, MAX_NAME_BYTES, uniqueMountName, validateName } from './name';
export { checkPathScope } from './scope';
export type { PathScope } from './scope';
