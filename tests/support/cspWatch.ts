/**
 * Collects every Content-Security-Policy violation a page and the app's workers run into: the
 * page's `securitypolicyviolation` events and console errors, and the CSP issues Chromium records
 * for each target (page, SharedWorker core, dedicated and service workers), which DevTools' Audits domain
 * hands over, earlier ones included, when it is enabled.
 */
import type { Browser, CDPSession, Page } from '@playwright/test';

export interface CspWatch {
  /** Every violation seen so far, as one line each; asks the workers for theirs first. */
  violations(): Promise<string[]>;
}

interface Issue {
  code: string;
  details: { contentSecurityPolicyIssueDetails?: object };
}

/** Talks to a target through the browser session (Playwright has no session for a SharedWorker). */
class TargetChannel {
  #nextId = 1;
  #waiting = new Map<number, () => void>();
  readonly issues: string[] = [];

  constructor(
    private readonly cdp: CDPSession,
    readonly sessionId: string,
    readonly targetId: string,
    readonly label: string,
  ) {}

  receive(message: { id?: number; method?: string; params?: { issue?: Issue } }): void {
    if (message.id !== undefined) {
      this.#waiting.get(message.id)?.();
      this.#waiting.delete(message.id);
    } else if (message.method === 'Audits.issueAdded' && message.params?.issue) {
      const { code, details } = message.params.issue;
      if (code === 'ContentSecurityPolicyIssue') {
        this.issues.push(
          `${this.label}: ${JSON.stringify(details.contentSecurityPolicyIssueDetails)}`,
        );
      }
    }
  }

  send(method: string): Promise<void> {
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#waiting.set(id, resolve);
      void this.cdp.send('Target.sendMessageToTarget', {
        sessionId: this.sessionId,
        message: JSON.stringify({ id, method }),
      });
    });
  }
}

const WORKERS = ['shared_worker', 'worker', 'service_worker'];

export async function watchCsp(browser: Browser, page: Page): Promise<CspWatch> {
  const seen: string[] = [];
  await page.exposeFunction('reportCspViolation', (line: string) => seen.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { reportCspViolation(line: string): void })
        .reportCspViolation;
      report(
        `page event: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) {
      seen.push(`console: ${message.text()}`);
    }
  });
  const pageSession = await page.context().newCDPSession(page);
  pageSession.on('Audits.issueAdded', ({ issue }: { issue: Issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue') {
      seen.push(`page issue: ${JSON.stringify(issue.details.contentSecurityPolicyIssueDetails)}`);
    }
  });
  await pageSession.send('Audits.enable');

  const cdp = await browser.newBrowserCDPSession();
  const channels = new Map<string, TargetChannel>();
  cdp.on('Target.receivedMessageFromTarget', ({ sessionId, message }) => {
    channels.get(sessionId)?.receive(JSON.parse(message));
  });

  return {
    async violations() {
      const { targetInfos } = await cdp.send('Target.getTargets');
      for (const target of targetInfos) {
        if (!WORKERS.includes(target.type)) continue;
        if ([...channels.values()].some((c) => c.targetId === target.targetId)) continue;
        const { sessionId } = await cdp.send('Target.attachToTarget', {
          targetId: target.targetId,
          flatten: false,
        });
        const channel = new TargetChannel(
          cdp,
          sessionId,
          target.targetId,
          `${target.type} ${target.url}`,
        );
        channels.set(sessionId, channel);
        await channel.send('Audits.enable');
      }
      return [...seen, ...[...channels.values()].flatMap((channel) => channel.issues)];
    },
  };
}
