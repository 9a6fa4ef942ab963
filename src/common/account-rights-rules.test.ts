/**
 * The browser's reading of the account-rights and complaint rules gives the
 * server's answer (docs/decisions/009: one rule, two readers), and the small
 * helpers the screens and mails share.
 */
import { describe, expect, it } from 'vitest';
import { COMPLAINT_RULES, formatTicket, isOverdue } from './complaint-rules.ts';
import { checkPasswordChange, PASSWORD_MESSAGES } from './password-change-rules.ts';
import { forgotPasswordText, maskPhone } from './password-reset.ts';
import { passwordChangeRequestSchema } from './schemas/account-rights.ts';
import { complaintRequestSchema } from './schemas/complaint.ts';
import { PLAIN_MESSAGES } from './text.ts';
import { checkForm } from './text-rules.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('changing a password', () => {
  it.each([
    ['', 'a-brand-new-secret'],
    ['old-password', 'short'],
    ['old-password', 'password123'],
    ['same-password-1', 'same-password-1'],
    ['old-password', 'a-brand-new-secret'],
  ])('current %j, new %j: the form and the server agree', (currentPassword, newPassword) => {
    const form = checkPasswordChange({ currentPassword, newPassword });
    const server = passwordChangeRequestSchema.safeParse({ currentPassword, newPassword });
    expect(form.ok ? null : form.message).toBe(firstMessage(server));
  });

  it('refuses the same password again on the new password’s field', () => {
    expect(checkPasswordChange({ currentPassword: 'same-password-1', newPassword: 'same-password-1' })).toEqual({
      ok: false,
      field: 'newPassword',
      message: PASSWORD_MESSAGES.same,
    });
  });
});

describe('the complaint form', () => {
  const valid = { name: 'Meera', phone: '9876543210', orderNumber: '', message: 'The strap broke.' };
  it.each([
    { ...valid },
    { ...valid, orderNumber: ' tsw-10427 ' },
    { ...valid, orderNumber: 'my order' },
    { ...valid, name: 'M' },
    { ...valid, phone: '98765' },
    { ...valid, message: 'short' },
    { ...valid, name: 'Meera\nCOLLECT ₹0' },
    { ...valid, name: 'Meera   Iyer' },
    { ...valid, message: 'The strap broke.\r\n\r\n\r\n\r\nPlease   call me.  ' },
    { ...valid, message: 'The strap broke.\u0007\nPlease call me.' },
    { ...valid, message: 'The strap\tbroke.' },
    { ...valid, message: 'The strap broke.\u2028Please call me.' },
    { ...valid, message: '\u202eThe strap broke.' },
    { ...valid, message: `a${'\n'.repeat(20)}b` },
  ])('%j: the form and the server agree', (values) => {
    const form = checkForm(COMPLAINT_RULES, values);
    const server = complaintRequestSchema.safeParse(values);
    expect(form.ok ? null : form.message).toBe(firstMessage(server));
    if (form.ok && server.success) expect(server.data).toEqual(form.data);
  });
});

describe('the complaint is plain text that keeps its line breaks', () => {
  const valid = { name: 'Meera', phone: '9876543210', orderNumber: '', message: 'The strap broke.' };
  it('keeps line breaks (one empty line at most) and folds spaces', () => {
    const message = ' The strap broke.  \r\n\r\n\r\n  Please   call me. ';
    expect(complaintRequestSchema.parse({ ...valid, message }).message).toBe('The strap broke.\n\nPlease call me.');
  });
  it('refuses other control characters with one message, and a name with a line break', () => {
    expect(firstMessage(complaintRequestSchema.safeParse({ ...valid, message: 'The strap\u0000 broke.' }))).toBe(
      PLAIN_MESSAGES.lines,
    );
    expect(firstMessage(complaintRequestSchema.safeParse({ ...valid, message: '\u202eThe strap broke.' }))).toBe(
      PLAIN_MESSAGES.lines,
    );
    expect(firstMessage(complaintRequestSchema.safeParse({ ...valid, name: 'Meera\nIyer' }))).toBe(PLAIN_MESSAGES.line);
  });
});

describe('helpers', () => {
  it('numbers tickets with at least six digits', () => {
    expect(formatTicket(123)).toBe('C-000123');
    expect(formatTicket(1_234_567)).toBe('C-1234567');
  });

  it('marks an open complaint overdue only after 48 hours', () => {
    const now = Date.parse('2026-03-12T12:00:00Z');
    expect(isOverdue('2026-03-10T12:00:00Z', now)).toBe(false);
    expect(isOverdue('2026-03-10T11:59:00Z', now)).toBe(true);
  });

  it('hides all but the last three digits, and names the number typed only when it is one', () => {
    expect(maskPhone('9876543210')).toBe('•••••••210');
    expect(forgotPasswordText('9876543210')).toContain('phone number 9876543210');
    expect(forgotPasswordText('98765')).not.toContain('98765');
  });
});
