/** The workflow patch engine: IRPatch validation and byte-preserving application. */
export {
  PATCH_KINDS,
  TRIGGER_FILTERS,
  parsePatches,
  type IRPatch,
  type ParsedPatches,
  type PatchKind,
  type PatchValue,
  type TriggerFilter,
} from '../irPatch';
export { applyPatches, type ApplyResult } from './applyPatches';
