// Accessibility checks for the journeys: axe-core, evaluated in the page under test (through
// the DevTools protocol, so the app's Content-Security-Policy stays as it is).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets the journeys check: WCAG 2.0, 2.1 and 2.2 levels A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Runs axe-core on the page: every rule with one of AXE_TAGS, and every experimental rule too
 * (axe's own default leaves those out; the journeys do not). Resolves to its violations.
 */
export async function axeViolations(page) {
  await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const experimental = Object.fromEntries(
      window.axe.getRules(['experimental']).map((r) => [r.ruleId, { enabled: true }]),
    );
    const result = await window.axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      rules: experimental,
    });
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
  }, AXE_TAGS);
}
