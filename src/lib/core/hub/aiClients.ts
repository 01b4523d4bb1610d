/**
 * The core's side of AI clients: the link to the hub, the sessions it reports, and the person's
 * client credentials (Settings → AI clients), which tell who each session is.
 */
import type { BrowserSide } from '../browserLink/browserSide';
import { ClientCredentials, principalOf, type CredentialStorage } from './clientCredentials';
import { HubLink, type AiClient, type LinkHost, type LinkState } from './hubLink';
import type { HubSessionTransport } from './hubTransport';
import type { AiView } from '../types';

/** Opens one MCP server for a session; `principal` says who the session's credential names. */
export type OpenSession = (
  transport: HubSessionTransport,
  client: { name?: string } | null,
  identity: { principal(): Promise<string | null> },
) => Promise<{ close(): Promise<void> }>;

export interface AiClientsDeps {
  storage: CredentialStorage;
  /** Something the windows show changed. */
  changed(): void;
  /** The AI's browser: told whether this app is the active one, given the driver's frames. */
  browser: Pick<BrowserSide, 'linkChanged' | 'result' | 'event'>;
}

export class AiClients {
  readonly credentials: ClientCredentials;
  #state: LinkState = 'offline';
  #clients: AiClient[] = [];
  #link: HubLink | null = null;

  constructor(private readonly deps: AiClientsDeps) {
    this.credentials = new ClientCredentials(deps.storage);
  }

  /** Connects to the hub's `/app` at `url`; each AI session gets a server from `openSession`. */
  start(url: string, openSession: OpenSession): void {
    const link = new HubLink(url, {
      openSession: (transport, client, credentialHash) => {
        void credentialHash.then(async (hash) => {
          if (this.credentials.principalForHash(hash) === null) return;
          await this.credentials.used(hash);
          this.deps.changed();
        });
        const principal = principalOf(credentialHash, (hash) =>
          this.credentials.principalForHash(hash),
        );
        return openSession(transport, client, { principal });
      },
      linkChanged: (state, clients) => {
        this.#state = state;
        this.#clients = clients;
        this.deps.browser.linkChanged(state === 'active');
        this.deps.changed();
      },
      browserResult: (id, result) => this.deps.browser.result(id, result),
      browserEvent: (event) => this.deps.browser.event(event),
    } satisfies LinkHost);
    this.#link = link;
    link.start();
  }

  /** Sends a frame to the hub; false without an open link. */
  send(frame: object): boolean {
    return this.#link?.send(frame) ?? false;
  }

  /** What the windows see: the link, each session and who it is, and the credentials. */
  view(): AiView {
    return {
      state: this.#state,
      clients: this.#clients.map((c) => c.name),
      sessions: this.#clients.map((c) => ({
        name: c.name,
        principal: this.credentials.principalForHash(c.credentialHash),
      })),
      credentials: this.credentials.list(),
    };
  }

  /** A new credential; its secret is in the answer and nowhere else. */
  async issue(name: string) {
    const r = await this.credentials.issue(name);
    this.deps.changed();
    return r;
  }

  async revoke(id: string) {
    const r = await this.credentials.revoke(id);
    this.deps.changed();
    return r;
  }
}
