import { BRANDS, CATEGORIES, STATUSES, TAGS } from '../../../common/catalog.ts';
import { type AdminProduct, DEFAULT_HSN, productFormSchema, VIDEO_MESSAGE } from '../../../common/schemas/product.ts';
import { UQC_CODES } from '../../../common/uqc.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { TextAreaField } from '../../components/text-area-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useForm } from '../../lib/forms/use-form.ts';
import { invalidate } from '../../lib/use-resource.ts';
import { adminApi } from '../admin-api.ts';
import { useCourier } from '../orders/book-courier.tsx';
import { ColorImages } from './color-images.tsx';
import { FeatureRows } from './feature-rows.tsx';
import { blankForm, type ProductForm as FormState, formFromProduct, inputFromForm } from './form-state.ts';
import { ImageSlots } from './image-slots.tsx';
import { OutsideRatingFields } from './outside-rating.tsx';

const titleCase = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * Upload and Edit Product share this form (docs/product.md#admin-products). It checks with the
 * server's schema (and asks for the country of origin), shows the loader while saving, and keeps
 * what was typed when saving fails.
 */
export function ProductForm({ product, onSaved }: { product?: AdminProduct; onSaved?: (p: AdminProduct) => void }) {
  const form = useForm({
    id: 'p',
    initial: (): FormState => (product ? formFromProduct(product) : blankForm()),
    check: (values) => productFormSchema.safeParse(inputFromForm(values)),
    send: (data) => (product ? adminApi.updateProduct(product.id, data) : adminApi.createProduct(data)),
    success: product ? 'Product updated successfully' : 'Product uploaded successfully',
    // An edited product shows what was saved; a new form starts again, empty.
    reset: (saved) => (product ? formFromProduct(saved.product) : blankForm()),
    onSuccess: (saved) => {
      // Listings anywhere in this tab (storefront and admin) must show the change.
      invalidate('');
      window.scrollTo({ top: 0 });
      onSaved?.(saved.product);
    },
  });
  const { values, errors, set } = form;
  const parcel = useCourier()?.parcelDefaults;

  const isMen = values.category === 'men watch';
  return (
    <form onSubmit={form.submit} noValidate aria-label={product ? 'Edit product' : 'Upload product'}>
      <Message {...form.messageProps} />
      <div className="adm-form-grid">
        <TextField className="adm-span" label="Name" maxLength={200} {...form.field('name')} />
        <SelectField label="Category" {...form.field('category')}>
          <option value="">Choose a category</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {titleCase(c)}
            </option>
          ))}
        </SelectField>
        {isMen ? (
          <SelectField label="Brand" {...form.field('brand')}>
            <option value="">Choose a brand</option>
            {BRANDS.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </SelectField>
        ) : (
          <>
            <TextField label="Brand" list="p-brand-list" maxLength={60} {...form.field('brand')} />
            <datalist id="p-brand-list">
              {BRANDS.map((b) => (
                <option key={b} value={b} />
              ))}
            </datalist>
          </>
        )}
        <TextField label="MRP (₹)" inputMode="numeric" {...form.field('price')} />
        <TextField label="Selling price (₹)" inputMode="numeric" {...form.field('discountPrice')} />
        <TextField
          label="HSN code"
          inputMode="numeric"
          maxLength={8}
          hint={`On the invoice; wrist watches: ${DEFAULT_HSN}`}
          {...form.field('hsnCode')}
        />
        <SelectField label="Unit of quantity" hint="On the invoice and in GSTR-1; watches: NOS" {...form.field('uqc')}>
          {Object.entries(UQC_CODES).map(([code, name]) => (
            <option key={code} value={code}>
              {code} ({name})
            </option>
          ))}
        </SelectField>
        <TextField
          label="Country of origin"
          maxLength={56}
          autoComplete="off"
          hint="Shown to shoppers before they buy, e.g. Japan"
          {...form.field('countryOfOrigin')}
        />
        <TextAreaField
          className="adm-span"
          label="Description"
          rows={4}
          maxLength={5000}
          {...form.field('description')}
        />
      </div>
      <ImageSlots
        images={values.images}
        onChange={(images) => set('images', images)}
        error={errors.images ?? Object.entries(errors).find(([field]) => field.startsWith('images.'))?.[1]}
      />
      <ColorImages rows={values.colorImages} onChange={(rows) => set('colorImages', rows)} />
      <FeatureRows rows={values.features} onChange={(rows) => set('features', rows)} />
      <fieldset className="adm-fieldset">
        <legend>Tags</legend>
        <div className="adm-chips">
          {TAGS.map((tag) => {
            const on = values.tags.includes(tag);
            return (
              <button
                key={tag}
                type="button"
                className="chip"
                aria-pressed={on}
                onClick={() => set('tags', on ? values.tags.filter((t) => t !== tag) : [...values.tags, tag])}
              >
                {tag}
              </button>
            );
          })}
        </div>
      </fieldset>
      <div className="adm-form-grid">
        <SelectField label="Status" {...form.field('status')}>
          <option value="">None</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
        <TextField label="Spinning text" maxLength={200} {...form.field('spinningText')} />
      </div>
      <OutsideRatingFields form={form} />
      <div className="adm-form-grid">
        <TextField
          className="adm-span"
          label="Video link (YouTube, Instagram, Facebook or Vimeo)"
          type="url"
          placeholder="https://www.youtube.com/watch?v=…"
          title={VIDEO_MESSAGE}
          {...form.field('videoUrl')}
        />
        <TextField
          label="Stock count"
          inputMode="numeric"
          hint="Leave empty to not count; at 0 the watch shows OUT OF STOCK"
          {...form.field('stockCount')}
        />
        <label className="adm-check">
          <input type="checkbox" checked={values.inStock} onChange={(e) => set('inStock', e.target.checked)} /> In stock
        </label>
      </div>
      {/* The parcel a courier books for one of this watch (docs/product.md#shipping), all optional. */}
      <fieldset className="adm-fieldset">
        <legend>Shipping (for the courier)</legend>
        <div className="adm-form-grid">
          <TextField
            label="Shipping weight (grams)"
            {...parcelHint(parcel?.grams, 'g')}
            {...form.field('weightGrams')}
          />
          <TextField label="Package length (cm)" {...parcelHint(parcel?.lengthCm, 'cm')} {...form.field('lengthCm')} />
          <TextField label="Package width (cm)" {...parcelHint(parcel?.breadthCm, 'cm')} {...form.field('breadthCm')} />
          <TextField label="Package height (cm)" {...parcelHint(parcel?.heightCm, 'cm')} {...form.field('heightCm')} />
        </div>
      </fieldset>
      <div className="adm-actions">
        <button type="submit" className="btn btn-gold" disabled={form.busy}>
          {product ? 'SAVE CHANGES' : 'UPLOAD PRODUCT'}
        </button>
      </div>
      <LoaderOverlay active={form.busy} label={product ? 'Saving the product…' : 'Uploading the product…'} />
    </form>
  );
}

/** What an empty parcel field means: the shop's default (PARCEL_DEFAULT_*), once the server said it. */
function parcelHint(value: number | undefined, unit: string) {
  return {
    hint: value === undefined ? 'Empty: the shop’s default' : `Empty: the shop’s default, ${value} ${unit}`,
    placeholder: value === undefined ? undefined : String(value),
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    maxLength: 6,
  };
}
