/**
 * Lighthouse's benchmark index of the machine, taken as Lighthouse takes it: its own
 * computeBenchmarkIndex (core/lib/page-functions.js) run in a page of Debian's Chromium. Issue 39
 * asks for every table with the machine's load and benchmark index; only the pages suite runs
 * Lighthouse, so the run takes the index itself at its start and end and prints it beside the load
 * average. The index is what tells a slow machine from a slow change: the orders rates of issue 39
 * moved 4x between sessions' machines with the same per-order work.
 */
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { launchChromium } from './browser.ts';
import { median } from './stats.ts';

/** Lighthouse runs it once; three runs and their median steady it against a moment's noise. */
const RUNS = 3;

export async function machineIndex(): Promise<number> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const values: number[] = [];
    for (let i = 0; i < RUNS; i++) values.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    return Math.round(median(values));
  } finally {
    await browser.close();
  }
}

/** "benchmark index 1,234", or why it could not be taken: the run itself goes on without it. */
export async function describeMachineIndex(): Promise<string> {
  try {
    return `benchmark index ${(await machineIndex()).toLocaleString('en-US')}`;
  } catch (err) {
    return `benchmark index not taken (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`;
  }
}
