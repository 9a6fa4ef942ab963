import { describe, expect, it } from 'vitest';
import { playwrightFailures, vitestFailures } from './test-report.ts';

// The shapes are those the two JSON reporters write (Vitest's JsonTestResults, Playwright's JSONReport).
describe('the tests npm test names at its end', () => {
  it('names a failed Vitest test with the first line of its message, and a file that failed to load', () => {
    const lines = vitestFailures({
      testResults: [
        {
          name: '/repo/src/a.test.ts',
          status: 'failed',
          assertionResults: [
            { fullName: 'orders keeps one', status: 'passed', failureMessages: [] },
            {
              fullName: 'orders refuses two',
              status: 'failed',
              failureMessages: ['\nAssertionError: expected 1 to be 2\n  at x'],
            },
          ],
        },
        { name: '/repo/src/b.test.ts', status: 'failed', message: 'Cannot find module ./gone', assertionResults: [] },
        { name: '/repo/src/c.test.ts', status: 'passed', assertionResults: [{ fullName: 'fine', status: 'passed' }] },
      ],
    });
    expect(lines).toEqual(
      [
        '/repo/src/a.test.ts › orders refuses two',
        '/repo/src/b.test.ts (failed outside its tests: Cannot find module ./gone)',
      ].map((line, index) =>
        index === 0 ? `vitest  ${line}\n          AssertionError: expected 1 to be 2` : `vitest  ${line}`,
      ),
    );
  });

  it('names failed and flaky Playwright tests in nested suites, and not the passed ones', () => {
    const lines = playwrightFailures({
      suites: [
        {
          specs: [],
          suites: [
            {
              specs: [
                {
                  file: 'cart.spec.ts',
                  line: 12,
                  title: 'adds a watch',
                  tests: [
                    {
                      projectName: 'chromium',
                      status: 'unexpected',
                      results: [{ status: 'timedOut', error: { message: 'Test timeout of 30000ms exceeded.' } }],
                    },
                  ],
                },
                {
                  file: 'cart.spec.ts',
                  line: 40,
                  title: 'fine',
                  tests: [{ projectName: 'chromium', status: 'expected', results: [] }],
                },
                {
                  file: 'track.spec.ts',
                  line: 7,
                  title: 'follows a parcel',
                  tests: [
                    {
                      projectName: 'services',
                      status: 'flaky',
                      results: [
                        { status: 'failed', error: { message: 'locator.click: closed' } },
                        { status: 'passed' },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(lines).toEqual([
      'playwright  [chromium] cart.spec.ts:12 › adds a watch: failed\n          Test timeout of 30000ms exceeded.',
      'playwright  [services] track.spec.ts:7 › follows a parcel: flaky (passed on a retry)\n          locator.click: closed',
    ]);
  });

  it('names nothing when there is no report', () => {
    expect(vitestFailures(null)).toEqual([]);
    expect(playwrightFailures(null)).toEqual([]);
  });
});
