/**
 * The outline of a GitHub Actions workflow (issue 28): level 1 its top-level keys, level 2 the
 * jobs, level 3 each job's steps, named as the Actions UI names them (name, else the action it
 * uses, else its command's first line).
 */
import { isMap, isScalar, isSeq, parseDocument, type Node, type Pair } from 'yaml';
import { sectionsOf, type Heading, type Section } from './sections';

function keyText(pair: Pair): string {
  return isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
}

function startOf(node: unknown): number | undefined {
  return (node as Node | null)?.range?.[0];
}

function stepText(step: unknown, index: number): string {
  if (isMap(step)) {
    for (const key of ['name', 'uses', 'run', 'id']) {
      const value = step.get(key);
      if (typeof value === 'string' && value.trim() !== '') return value.trim().split('\n')[0];
    }
  }
  return `step ${index}`;
}

function jobHeadings(job: unknown, out: Heading[]): void {
  if (!isMap(job)) return;
  const steps = job.get('steps', true);
  if (!isSeq(steps)) return;
  steps.items.forEach((step, index) => {
    const offset = startOf(step);
    if (offset !== undefined) out.push({ level: 3, text: stepText(step, index), offset });
  });
}

export function workflowOutline(text: string): Section[] {
  const doc = parseDocument(text, { uniqueKeys: false });
  const headings: Heading[] = [];
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      const offset = startOf(pair.key);
      if (offset === undefined) continue;
      const key = keyText(pair);
      headings.push({ level: 1, text: key, offset });
      if (key !== 'jobs' || !isMap(pair.value)) continue;
      for (const job of pair.value.items) {
        const at = startOf(job.key);
        if (at === undefined) continue;
        headings.push({ level: 2, text: keyText(job), offset: at });
        jobHeadings(job.value, headings);
      }
    }
  }
  return sectionsOf(text, headings);
}
