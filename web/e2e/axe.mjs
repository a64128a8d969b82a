// Accessibility checks for the journeys: axe-core, evaluated in the page under test (through
// the DevTools protocol, so the app's Content-Security-Policy stays as it is).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe-core (its WCAG 2.1 A and AA rules, not the experimental ones) on the page; resolves to its violations. */
export async function axeViolations(page) {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    // axe's own default leaves its experimental rules out; so do the journeys.
    const experimental = Object.fromEntries(
      window.axe.getRules(['experimental']).map((r) => [r.ruleId, { enabled: false }]),
    );
    const result = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: experimental,
    });
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
  });
}
