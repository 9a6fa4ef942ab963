import { TextField } from '../../components/text-field.tsx';
import type { useForm } from '../../lib/forms/use-form.ts';

type FieldBinding = ReturnType<ReturnType<typeof useForm<{ password: string }>>['field']>;

/**
 * A new password's field, as changing it and the reset link ask for it: the sign-up rule in the
 * hint; the form's one message shows the error (docs/product.md#account-rights).
 */
/** `name`: the input's name in a form that posts without the script (common/account-forms.ts). */
export function NewPasswordField(binding: FieldBinding & { name?: string }) {
  return (
    <TextField
      label="New password"
      type="password"
      autoComplete="new-password"
      hint="At least 8 characters, not a common password."
      showError={false}
      {...binding}
    />
  );
}
