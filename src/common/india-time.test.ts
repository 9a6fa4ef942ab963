import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, indiaDateTimeCell, indiaDay } from './india-time.ts';

describe('India time', () => {
  // 18:45 UTC is 00:15 the next day in India: the day must turn, whatever this machine's zone.
  const lateUtc = '2025-01-31T18:45:00.000Z';

  it('gives the India day, not the UTC one', () => {
    expect(indiaDay(lateUtc)).toBe('2025-02-01');
    expect(indiaDay('2025-01-31T18:29:59.999Z')).toBe('2025-01-31');
    expect(indiaDay(Date.parse('2025-03-31T18:30:00Z'))).toBe('2025-04-01');
  });

  it('writes a spreadsheet cell in 24-hour India time', () => {
    expect(indiaDateTimeCell(lateUtc)).toBe('2025-02-01 00:15');
    expect(indiaDateTimeCell('2025-01-31T08:35:00Z')).toBe('2025-01-31 14:05');
  });

  it('writes dates and times as people read them', () => {
    expect(formatDate(lateUtc)).toBe('1 Feb 2025');
    expect(formatDateTime('2025-01-31T08:35:00Z')).toBe('31 Jan 2025, 2:05 pm');
    expect(formatDateTime(lateUtc)).toBe('1 Feb 2025, 12:15 am');
  });
});
