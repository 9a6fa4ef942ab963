/**
 * The main thread's long tasks after a page's load event (issue 39, decision 067): on the
 * production build at 4x CPU, the app's script starts on the load event (decision 043), so what
 * comes after it is the script's own work, evaluation and hydration. A tap that lands in one of
 * these tasks waits for its end; Lighthouse counts each task's time over 50 ms as blocking.
 * Measured by a `longtask` PerformanceObserver installed before the page's scripts, read once the
 * app has hydrated and the page is idle; 'hydrate' is main.tsx's measure around the hydration
 * itself (absent from builds before decision 067): since the slices of decision 067, its first task
 * only, each slice after it being a 'hydrate-slice' measure of its own.
 */
import type { Page } from 'playwright-core';
import { median, whole } from '../lib/stats.ts';
import { printTable, progress } from '../lib/table.ts';

const LONG_TASKS_SCRIPT = `(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
})();`;

export interface LongTaskRow {
  page: string;
  /** Per run: the longest task after the load event, ms. */
  longest: number[];
  /** Per run: the sum over the tasks after the load event of their time over 50 ms. */
  blocking: number[];
  /** Per run: main.tsx's 'hydrate' measure, when the build has it. */
  hydrate: number[];
}

interface Sample {
  longest: number;
  blocking: number;
  hydrate: number | null;
}

async function sample(page: Page, path: string, idle: (page: Page) => Promise<void>): Promise<Sample> {
  await page.addInitScript(LONG_TASKS_SCRIPT);
  await page.goto(path);
  await idle(page);
  return page.evaluate(() => {
    const loaded = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart;
    const tasks = (window as unknown as { __longTasks: Array<{ start: number; duration: number }> }).__longTasks.filter(
      (t) => t.start >= loaded,
    );
    const hydrate = performance.getEntriesByName('hydrate', 'measure')[0];
    return {
      longest: Math.max(0, ...tasks.map((t) => t.duration)),
      blocking: tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
      hydrate: hydrate ? hydrate.duration : null,
    };
  });
}

/** `runs` fresh loads of each page on a fresh phone (`newPhone`), alternating the pages within each run. */
export async function longTasksAfterLoad(
  pages: Array<{ page: string; path: string }>,
  runs: number,
  newPhone: () => Promise<{ page: Page; close: () => Promise<void> }>,
  idle: (page: Page) => Promise<void>,
  title: string,
): Promise<LongTaskRow[]> {
  const rows = pages.map((p): LongTaskRow => ({ page: p.page, longest: [], blocking: [], hydrate: [] }));
  for (let run = 1; run <= runs; run++) {
    for (const [i, p] of pages.entries()) {
      progress(`inp: run ${run}/${runs}, long tasks after load on ${p.page}`);
      const phone = await newPhone();
      try {
        const s = await sample(phone.page, p.path, idle);
        const row = rows[i] as LongTaskRow;
        row.longest.push(s.longest);
        row.blocking.push(s.blocking);
        if (s.hydrate !== null) row.hydrate.push(s.hydrate);
      } finally {
        await phone.close();
      }
    }
  }
  printTable(
    title,
    rows.map((r) => ({
      page: r.page,
      'longest task ms (median)': whole(median(r.longest)),
      'longest, runs': r.longest.map(whole).join(', '),
      'blocking ms (median)': whole(median(r.blocking)),
      'hydrate ms (median)': r.hydrate.length ? whole(median(r.hydrate)) : 'n/a',
    })),
    [
      "After the load event (when the app's script starts: decision 043): the longest task, and the sum of each task's time over 50 ms (Lighthouse's blocking time, counted from the load event).",
      "hydrate: main.tsx's performance measure around the first hydration task, before its slices (n/a: a build without it).",
    ],
  );
  return rows;
}
