/**
 * The targets of issues 7, 14 and 23, each checked against what this run measured.
 * A target whose benchmark did not run is left out. Prints; the command fails (run.ts) on a FAILED line.
 */

import { noneLost, stockAddsUp } from '../lib/crash-check.ts';
import { describeTally, FAILED_SHARE_MAX, talliesOf, tooManyFailed } from '../lib/failures.ts';
import type { BenchOptions } from '../lib/options.ts';
import { fixed, kb, percent, ratio, whole } from '../lib/stats.ts';
import { printTable, type Row } from '../lib/table.ts';
import type { ApiResult } from './api.ts';
import { BOOKING_OF_WITHOUT, type BookingResult } from './booking.ts';
import type { BytesResult } from './bytes.ts';
import type { DatabasesResult } from './databases.ts';
import type { GrowthRow } from './growth.ts';
import type { Gstr1BenchRow } from './gstr1.ts';
import type { HtmlResult } from './html.ts';
import type { ImagesResult } from './images.ts';
import { INP_TARGETS, type InpResult } from './inp.ts';
import type { OrdersResult } from './orders.ts';
import type { PagesRow } from './pages.ts';
import { LISTING_WITH_REVIEWS_SHARE, MANY_REVIEWS, REVIEW_PAGE_ADDS, type ReviewsResult } from './reviews.ts';
import type { RiskResult } from './risk.ts';
import { STATEMENT_TARGET_LINES, STATEMENT_TARGET_MS, type StatementResult } from './statement.ts';
import { TRACKING_TARGET_PER_SECOND, type TrackingResult } from './tracking.ts';

export interface Results {
  api?: ApiResult;
  growth?: { sizes: number[]; rows: GrowthRow[] };
  orders?: OrdersResult;
  pages?: PagesRow[];
  inp?: InpResult;
  html?: HtmlResult;
  bytes?: BytesResult;
  images?: ImagesResult;
  databases?: DatabasesResult;
  statement?: StatementResult;
  gstr1?: { row: Gstr1BenchRow };
  tracking?: TrackingResult;
  booking?: BookingResult;
  risk?: RiskResult;
  reviews?: ReviewsResult;
}

const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** Issue 14's Lighthouse targets (mobile) for every page of the pages benchmark. */
export const PAGE_TARGETS = {
  performance: 100,
  lcpMs: 1200,
  /** Issue 27: the page's LCP at most this times its floor's (the same HTML without scripts, static). */
  lcpOfFloor: 1.1,
  tbtMs: 50,
  cls: 0.02,
  /** Accessibility, best practices and SEO. */
  others: 100,
};
/** Issue 14: a server-rendered page at 50 connections makes at least this share of a bare route's requests/s. */
export const HTML_OF_BARE = 0.5;

export function targetRows(results: Results): Row[] {
  const rows: Row[] = [];
  const add = (target: string, measured: string, ok: boolean) => rows.push({ target, measured, verdict: verdict(ok) });

  const t = PAGE_TARGETS;
  for (const p of results.pages ?? []) {
    add(
      `Lighthouse mobile performance = ${t.performance} (${p.page})`,
      whole(p.performance),
      p.performance >= t.performance,
    );
    add(`LCP <= ${t.lcpMs / 1000} s (${p.page})`, `${fixed(p.lcpMs / 1000, 2)} s`, p.lcpMs <= t.lcpMs);
    add(
      `LCP <= ${t.lcpOfFloor} x its floor's (${p.page})`,
      `${fixed(p.lcpMs / 1000, 2)} s of ${fixed(p.floorLcpMs / 1000, 2)} s (${fixed(p.lcpMs / p.floorLcpMs, 2)} x)`,
      p.lcpMs <= t.lcpOfFloor * p.floorLcpMs,
    );
    add(`TBT <= ${t.tbtMs} ms (${p.page})`, `${whole(p.tbtMs)} ms`, p.tbtMs <= t.tbtMs);
    add(`CLS <= ${t.cls} (${p.page})`, fixed(p.cls, 3), p.cls <= t.cls);
    const others = [p.accessibility, p.bestPractices, p.seo];
    add(
      `accessibility, best practices, SEO = ${t.others} (${p.page})`,
      others.map(whole).join(', '),
      others.every((s) => s >= t.others),
    );
  }
  for (const r of results.inp?.rows ?? []) {
    const { medianMs, worstMs } = INP_TARGETS;
    add(
      `tap answers in <= ${medianMs} ms median, <= ${worstMs} ms worst of ${results.inp?.runs} (${r.interaction}, ${r.moment})`,
      `${whole(r.medianMs)} ms, worst ${whole(r.worstMs)} ms${r.failures.length ? `; ${r.failures.length} failed` : ''}`,
      r.failures.length === 0 && r.medianMs <= medianMs && r.worstMs <= worstMs,
    );
  }
  for (const r of results.html?.load ?? []) {
    const sentAs = r.encoding === 'br' ? '' : ` (sent ${r.encoding})`;
    add(
      `server-rendered ${r.name} >= ${percent(HTML_OF_BARE)} of the bare-Fastify route (req/s, brotli, ${whole(results.html?.products ?? 0)} products)`,
      `${percent(r.ratio)}${sentAs}`,
      r.ratio >= HTML_OF_BARE,
    );
  }
  if (results.bytes) {
    const worst = results.bytes.rows.reduce((a, b) => (b.totalGzip > a.totalGzip ? b : a));
    add(
      'first-load JS + CSS <= 90 KB gzip (largest shopper route)',
      `${kb(worst.totalGzip)} (${worst.route})`,
      worst.totalGzip <= 90 * 1024,
    );
    const leaks = results.bytes.rows.filter((r) => r.adminFiles.length || r.markers.length);
    add(
      'no admin code in shopper routes',
      leaks.length ? leaks.map((r) => r.route).join(', ') : 'none found',
      leaks.length === 0,
    );
  }
  const listing = results.api?.rows.find((r) => r.name === 'listing');
  if (listing) {
    add('listing >= 60% of the bare-Fastify limit (req/s)', percent(listing.ratio), listing.ratio >= 0.6);
    add('listing p99 <= 20 ms at 50 connections', `${fixed(listing.store.p99, 0)} ms`, listing.store.p99 <= 20);
  }
  const search = results.api?.rows.find((r) => r.name.startsWith('search'));
  if (search) {
    add(
      'search p50 <= 20 ms (largest catalogue, 50 connections)',
      `${fixed(search.store.p50, 0)} ms`,
      search.store.p50 <= 20,
    );
  }
  if (results.growth) {
    const { sizes } = results.growth;
    const span = `${whole(sizes[sizes.length - 1] ?? 0)}/${whole(sizes[0] ?? 0)}`;
    for (const r of results.growth.rows.filter((g) => g.name === 'listing' || g.name.startsWith('search'))) {
      add(`${r.name}: ${span} cost <= 1.3x`, ratio(r.ratio), r.ratio <= 1.3);
    }
    const search = results.growth.rows.find((g) => g.name.startsWith('search'));
    const ms = search?.ms[search.ms.length - 1];
    if (ms !== undefined) {
      add(
        `search p50 <= 20 ms, one request at a time (${whole(sizes[sizes.length - 1] ?? 0)} products)`,
        `${fixed(ms, 1)} ms`,
        ms <= 20,
      );
    }
  }
  if (results.api) {
    const { typo } = results.api;
    add(
      'search typo tolerance kept ("rolx" finds Rolex)',
      typo.found ? `${whole(typo.total)} results, first: ${typo.first}` : 'no Rolex found',
      typo.found,
    );
  }
  if (results.orders) {
    const sqlite = results.orders.rows.find((r) => r.database.startsWith('SQLite') && r.flow === 'lines');
    const limit = results.orders.commitLimit;
    const disk = limit ? ` (disk limit ${whole(limit)} commits/s)` : '';
    // Issue 39 raised issue 7's 500 to what the store did on 2026-11-22, and asks PostgreSQL for half.
    if (sqlite)
      add(
        '>= 800 orders/s on SQLite (stock counted, outbox mail on)',
        `${whole(sqlite.rate)} orders/s${disk}`,
        sqlite.rate >= 800,
      );
    const postgres = results.orders.rows.find((r) => r.database === 'PostgreSQL' && r.flow === 'lines');
    if (sqlite && postgres)
      add(
        'PostgreSQL orders/s >= 50% of SQLite (same run)',
        `${whole(postgres.rate)} of ${whole(sqlite.rate)} orders/s (${whole((100 * postgres.rate) / sqlite.rate)}%)`,
        postgres.rate >= sqlite.rate / 2,
      );
    for (const c of results.orders.checks) {
      add(
        `no acknowledged order or its mail lost (${c.database})`,
        `${whole(c.lost)} of ${whole(c.acked)} lost; ${whole(c.oneMail)} with exactly one new-order mail`,
        noneLost(c),
      );
      add(
        `stock taken = acknowledged quantities, none below 0 (${c.database})`,
        `${whole(c.stock.unitsTaken)} taken, ${whole(c.stock.unitsOrdered)} ordered; ${whole(c.stock.mismatched)} products off; lowest ${whole(c.stock.lowest)}`,
        stockAddsUp(c),
      );
    }
  }
  if (results.images) {
    const { card, srcset } = results.images;
    add('card image (480w WebP) <= 30 KB', `max ${kb(card.max)}, median ${kb(card.median)}`, card.max <= 30 * 1024);
    const ok =
      srcset.length > 0 && srcset.every((s) => s.cards > 0 && s.withSrcset === s.cards && s.rightSize === s.measured);
    add(
      'card images sized for the screen through srcset',
      srcset.map((s) => `${s.viewport}: ${s.rightSize}/${s.measured} right size`).join('; '),
      ok,
    );
  }
  if (results.databases) {
    const size = whole(results.databases.products);
    const pg = results.databases.rows.find((r) => r.side === 'PostgreSQL');
    const sqlite = results.databases.rows.find((r) => r.side === 'SQLite');
    if (pg) add(`listing on PostgreSQL >= 80% of SQLite (${size} products)`, percent(pg.ofSqlite), pg.ofSqlite >= 0.8);
    if (sqlite)
      add(
        `listing >= 60% of the bare-Fastify route (SQLite, ${size} products)`,
        percent(sqlite.ofBare),
        sqlite.ofBare >= 0.6,
      );
    if (pg)
      add(
        `listing >= 60% of the bare-Fastify route (PostgreSQL, ${size} products)`,
        percent(pg.ofBare),
        pg.ofBare >= 0.6,
      );
  }
  const statement = results.statement?.rows.find((r) => r.lines === STATEMENT_TARGET_LINES);
  if (statement) {
    add(
      `bank statement of ${whole(STATEMENT_TARGET_LINES)} lines imported in < ${STATEMENT_TARGET_MS / 1000} s (SQLite)`,
      `${fixed(statement.ms / 1000, 2)} s; peak RSS ${fixed(statement.rssMb, 0)} MB (+${fixed(statement.rssGrowthMb, 1)} MB)`,
      statement.ms < STATEMENT_TARGET_MS,
    );
  }
  const tracking = results.tracking?.rows.find((r) => r.database === 'SQLite' && r.mode === 'direct');
  if (tracking) {
    add(
      `>= ${whole(TRACKING_TARGET_PER_SECOND)} tracking events/s on SQLite (applyTrackingEvent)`,
      `${whole(tracking.rate)} events/s`,
      tracking.rate >= TRACKING_TARGET_PER_SECOND,
    );
  }
  for (const r of results.tracking?.rows ?? []) {
    add(
      `every parcel and order delivered, each event applied once (${r.database}, ${r.mode})`,
      r.correct ? 'yes' : 'no',
      r.correct,
    );
  }
  const booking = results.booking;
  if (booking) {
    const [without, withBookings] = booking.rows;
    add(
      `orders/s with courier bookings beside them >= ${percent(BOOKING_OF_WITHOUT)} of without (SQLite)`,
      `${percent(booking.ratio)} (${whole(withBookings?.rate ?? Number.NaN)} vs ${whole(without?.rate ?? Number.NaN)} orders/s; ${whole(withBookings?.booked ?? 0)} bookings in the windows)`,
      booking.ratio >= BOOKING_OF_WITHOUT,
    );
    add('every queued booking made once, its pickup requested', booking.allBooked ? 'yes' : 'no', booking.allBooked);
  }
  const reviews = results.reviews;
  if (reviews) {
    add(
      `listing requests/s with real averages >= ${percent(LISTING_WITH_REVIEWS_SHARE)} of without`,
      `${percent(reviews.share)} (${whole(reviews.listingAfter)} vs ${whole(reviews.listingBefore)})`,
      reviews.share >= LISTING_WITH_REVIEWS_SHARE,
    );
    const page = (n: number) => reviews.pages.find((p) => p.reviews === n && p.case.endsWith(': page'));
    const none = page(0);
    const many = page(MANY_REVIEWS);
    if (none && many) {
      // One page of reviews whatever the count: the 1,000 may add what ten reviews add, no more.
      const added = many.htmlGzip - none.htmlGzip;
      add(
        `product page with ${MANY_REVIEWS.toLocaleString('en-US')} reviews: gzip HTML at most ${kb(REVIEW_PAGE_ADDS)} above none`,
        `+${kb(added)}; server time warm ${fixed(many.warmMs, 2)} ms, cold ${fixed(many.coldMs, 2)} ms`,
        added <= REVIEW_PAGE_ADDS,
      );
    }
  }
  return rows;
}

/**
 * A line per suite that sent requests (lib/failures.ts): FAILED, naming the requests, when more than
 * the share of any one of them failed.
 */
export function failureRows(): Row[] {
  const suites = [...new Set(talliesOf().map((t) => t.suite))];
  return suites.map((suite) => {
    const tallies = talliesOf(suite);
    const bad = tallies.filter(tooManyFailed);
    const sent = tallies.reduce((n, t) => n + t.sent, 0);
    const failed = tallies.reduce((n, t) => n + t.failed, 0);
    return {
      target: `requests failed <= ${FAILED_SHARE_MAX * 100}% of each kind (${suite})`,
      measured: bad.length
        ? bad.map((t) => `${t.what}: ${describeTally(t)}`).join('; ')
        : `${whole(failed)} of ${whole(sent)} failed`,
      verdict: bad.length ? 'FAILED' : 'met',
    };
  });
}

export function printTargets(results: Results, options: BenchOptions): void {
  printTable(`Targets of issues 7, 14, 23 and 39${options.quick ? ' (quick run: indicative only)' : ''}`, [
    ...failureRows(),
    ...targetRows(results),
  ]);
}
