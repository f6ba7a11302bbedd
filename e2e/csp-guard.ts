import { test as base, expect, type Page } from '@playwright/test';

export { expect };

/**
 * Playwright's test with one more, automatic check: no page of the test met a
 * Content-Security-Policy violation (the browser's `securitypolicyviolation`
 * event or its console error). A test that provokes one on purpose reads and
 * empties `cspViolations`.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`),
        );
      });
      const watch = (page: Page) =>
        page.on('console', (m) => {
          if (m.type() === 'error' && /Content Security Policy|CSP violation/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`);
        });
      context.pages().forEach(watch);
      context.on('page', watch);
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
