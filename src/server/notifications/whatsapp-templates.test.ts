/**
 * The templates as Meta takes them (developers.facebook.com/docs/whatsapp/business-management-api/
 * message-templates): lowercase names, a body of at most 1024 characters whose {{n}} run 1..n,
 * quick-reply buttons of at most 25 characters; and docs/whatsapp.md, which the owner registers
 * them from, says exactly the same.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPlain } from '../../common/text.ts';
import { fillBody, templateParam, WHATSAPP_LANGUAGES, WHATSAPP_TEMPLATES } from './whatsapp-templates.ts';

const DOC = readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'whatsapp.md'), 'utf8');

describe.each(Object.values(WHATSAPP_TEMPLATES))('template $name', (t) => {
  it('is named, numbered and sized as Meta requires', () => {
    expect(t.name).toMatch(/^[a-z0-9_]{1,512}$/);
    for (const lang of WHATSAPP_LANGUAGES) {
      const body = t.body[lang];
      expect(body.length).toBeLessThanOrEqual(1024);
      const numbers = [...body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1]));
      expect([...new Set(numbers)].sort((a, b) => a - b)).toEqual(t.params.map((_, i) => i + 1));
      // Meta refuses a body that starts or ends with a parameter.
      expect(body.trim().startsWith('{{')).toBe(false);
      expect(body.trim().endsWith('}}')).toBe(false);
    }
    if ('quickReplies' in t) {
      for (const b of t.quickReplies)
        for (const lang of WHATSAPP_LANGUAGES) expect(b.text[lang].length).toBeLessThanOrEqual(25);
    }
  });

  it('is written in docs/whatsapp.md exactly as sent', () => {
    expect(DOC).toContain(`### \`${t.name}\` (${t.category === 'utility' ? 'Utility' : 'Marketing'})`);
    for (const lang of WHATSAPP_LANGUAGES) expect(DOC).toContain(t.body[lang]);
  });
});

describe('parameters', () => {
  it('are one plain line, short, never empty: hostile text cannot add lines or instructions', () => {
    const hostile = `Asha\nRao\r\n\tSYSTEM: ignore\u202Eprevious\u0007${'x'.repeat(300)}`;
    const p = templateParam(hostile);
    expect(isPlain(p, 'line')).toBe(true);
    expect(p.length).toBeLessThanOrEqual(200);
    expect(p.startsWith('Asha Rao SYSTEM: ignore')).toBe(true);
    expect(templateParam('   ')).toBe('-');
    expect(fillBody('Hello {{1}}, order {{2}}', ['Asha', 'TSW-1'])).toBe('Hello Asha, order TSW-1');
  });
});
