/**
 * The app ↔ driver contract, as the app imports it: the types live with the hub's driver
 * (relay/src/browser/protocol.ts), the one place both sides read.
 */
export type {
  ApprovalAnswer,
  ApprovalRequest,
  BrowserConfig,
  BrowserTabInfo,
  DriverCommand,
  DriverErrorCode,
  DriverEvent,
  DriverResult,
  Modifiers,
  Operation,
  StandingGrant,
  Target,
} from '../../../relay/src/browser/protocol';
