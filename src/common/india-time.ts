/**
 * Dates and times as the shop reads them: always India time (IST, UTC+5:30),
 * whatever the server's or the phone's zone (docs/product.md#limits-and-constants).
 * The one place that knows the zone; formatters are made once (Intl is slow to build), on first
 * use: the three built when the module loaded took 56 ms of the product page's script at 4x CPU,
 * in one task (issue 39), for a page that shows no date before its reviews.
 */
const ZONE = 'Asia/Kolkata';

/** A formatter in India time, built on its first use. */
function zoned(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => {
    made ??= new Intl.DateTimeFormat(locale, { ...options, timeZone: ZONE });
    return made;
  };
}

const dateFormat = zoned('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = zoned('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
/** en-CA writes dates as YYYY-MM-DD; hourCycle h23 gives 00-23. */
const isoParts = zoned('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

type When = string | number | Date;
const toDate = (when: When) => (when instanceof Date ? when : new Date(when));

/** "22 Nov 2026". */
export function formatDate(when: When): string {
  return dateFormat().format(toDate(when));
}

/** "31 Jan 2025, 2:05 pm". */
export function formatDateTime(when: When): string {
  return dateTimeFormat().format(toDate(when));
}

function parts(when: When): Record<string, string> {
  return Object.fromEntries(
    isoParts()
      .formatToParts(toDate(when))
      .map((p) => [p.type, p.value]),
  );
}

/** The India day of a moment, "2025-01-31": days run midnight to midnight IST. */
export function indiaDay(when: When): string {
  const p = parts(when);
  return `${p.year}-${p.month}-${p.day}`;
}

/** "2025-01-31 14:05", as a spreadsheet reads it. */
export function indiaDateTimeCell(when: When): string {
  const p = parts(when);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}
