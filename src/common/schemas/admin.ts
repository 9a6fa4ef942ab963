/**
 * The admin area's account rules and answers, shared by the dashboard forms and
 * the server (one schema, one message). Passwords never appear in an answer.
 */
import { z } from 'zod';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../common-passwords.ts';

/** Admin passwords: longer than shoppers' (an admin can change every product and order). */
export const ADMIN_PASSWORD_MIN = 12;
const ADMIN_PASSWORD_MESSAGE = `The password should contain at least ${ADMIN_PASSWORD_MIN} characters`;

export const adminPasswordSchema = z
  .string(ADMIN_PASSWORD_MESSAGE)
  .min(ADMIN_PASSWORD_MIN, ADMIN_PASSWORD_MESSAGE)
  .max(128, 'The password should be at most 128 characters')
  .refine((p) => !isCommonPassword(p), COMMON_PASSWORD_MESSAGE);

export const adminUsernameSchema = z
  .string('Please enter a username')
  .trim()
  .min(3, 'The username should contain at least 3 characters')
  .max(64, 'The username should be at most 64 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'The username may use letters, digits, dots, hyphens and underscores only');

export const newAdminSchema = z.object({
  username: adminUsernameSchema,
  password: adminPasswordSchema,
});
export type NewAdminInput = z.infer<typeof newAdminSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string('Please enter your current password')
      .min(1, 'Please enter your current password')
      .max(128),
    newPassword: adminPasswordSchema,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    message: 'The new password must differ from the current one',
    path: ['newPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const adminSchema = z.object({
  id: z.string(),
  username: z.string(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type AdminAccount = z.infer<typeof adminSchema>;

/** One admin: what log in, who-am-I and adding an admin answer. */
export const adminReplySchema = z.object({ admin: adminSchema });
export type AdminReply = z.infer<typeof adminReplySchema>;
export const adminListSchema = z.object({ admins: z.array(adminSchema) });
export type AdminList = z.infer<typeof adminListSchema>;
