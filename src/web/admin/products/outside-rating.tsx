/**
 * A rating from elsewhere (docs/product.md#reviews; issue 38): the stars the owner once typed were
 * kept by migration 0028 with no source, and show nowhere until the owner names where they come
 * from ("Amazon"); saving with the source empty drops them. The shop's own stars are its buyers'
 * published reviews, which this form cannot touch.
 */
import { TextField } from '../../components/text-field.tsx';
import type { useForm } from '../../lib/forms/use-form.ts';
import type { ProductForm } from './form-state.ts';

type Form = Pick<ReturnType<typeof useForm<ProductForm>>, 'field' | 'values'>;

export function OutsideRatingFields({ form }: { form: Form }) {
  const { values } = form;
  const waiting = !values.outsideRatingSource.trim() && values.outsideRating !== '';
  return (
    <fieldset className="adm-fieldset">
      <legend>Rating from elsewhere (optional)</legend>
      <p className="adm-hint">
        Shown on the watch’s page only with its source, for example “Amazon 4.3 from 81 ratings”. The stars on cards
        come from your buyers’ published reviews alone.
        {waiting &&
          ' The stars typed before reviews are kept here: name their source to show them, or save with the source empty to drop them.'}
      </p>
      <div className="adm-form-grid">
        <TextField label="Where (source)" maxLength={40} placeholder="Amazon" {...form.field('outsideRatingSource')} />
        <TextField label="Rating there (1 to 5)" inputMode="decimal" {...form.field('outsideRating')} />
        <TextField label="Number of ratings there" inputMode="numeric" {...form.field('outsideRatingCount')} />
      </div>
    </fieldset>
  );
}
