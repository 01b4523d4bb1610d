import type { SessionRead } from '../coherence/capture/mcpProvenance';

/**
 * Who is on the other end of one MCP session, as a tool handler asks it. The client's name is
 * what it says about itself (anyone can say anything); the principal is what its credential
 * proves, looked up among the live credentials at each question, so a revocation counts at once.
 * Neither ever comes from a tool argument.
 */
export interface SessionContext {
  /** The client's name from its `initialize`. */
  client(): string;
  /** The principal its credential names now; null without one, with a wrong or revoked one. */
  principal(): Promise<string | null>;
  /**
   * The documents it read since its last write (virtual paths, with the coherence revision served
   * then): the inputs its next save is recorded with.
   */
  reads: SessionRead[];
}
