import { type FormEvent, useState } from 'react';
import { BRANDS, CATEGORIES, STATUSES, TAGS } from '../../../common/catalog.ts';
import { type AdminProduct, productInputSchema, VIDEO_MESSAGE } from '../../../common/schemas/product.ts';
import { LoaderOverlay } from '../../components/loader.tsx';
import { Message } from '../../components/message.tsx';
import { TextField } from '../../components/text-field.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { invalidate } from '../../lib/use-resource.ts';
import { adminApi } from '../admin-api.ts';
import { ColorImages } from './color-images.tsx';
import { FeatureRows } from './feature-rows.tsx';
import { blankForm, type ProductForm as FormState, formFromProduct, inputFromForm } from './form-state.ts';
import { ImageSlots } from './image-slots.tsx';

const titleCase = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * Upload and Edit Product share this form (docs/product.md#admin-products). It checks with the same
 * schema as the server, shows the loader while saving, and keeps what was typed
 * when saving fails.
 */
export function ProductForm({ product, onSaved }: { product?: AdminProduct; onSaved?: (p: AdminProduct) => void }) {
  const [form, setForm] = useState<FormState>(() => (product ? formFromProduct(product) : blankForm()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'success' } | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  function fail(text: string, fields: Record<string, string>) {
    setErrors(fields);
    setMessage({ text, tone: 'error' });
    window.scrollTo({ top: 0 });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = productInputSchema.safeParse(inputFromForm(form));
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
      fail(parsed.error.issues[0]?.message ?? 'Please check the form', fields);
      return;
    }
    setSaving(true);
    setMessage(null);
    setErrors({});
    try {
      const saved = product
        ? await adminApi.updateProduct(product.id, parsed.data)
        : await adminApi.createProduct(parsed.data);
      // Listings anywhere in this tab (storefront and admin) must show the change.
      invalidate('');
      if (product) {
        setForm(formFromProduct(saved.product));
        setMessage({ text: 'Product updated successfully', tone: 'success' });
      } else {
        setForm(blankForm());
        setMessage({ text: 'Product uploaded successfully', tone: 'success' });
      }
      window.scrollTo({ top: 0 });
      onSaved?.(saved.product);
    } catch (err) {
      fail(errorMessage(err), err instanceof ApiError ? err.fields : {});
    } finally {
      setSaving(false);
    }
  }

  const isMen = form.category === 'men watch';
  return (
    <form onSubmit={submit} noValidate aria-label={product ? 'Edit product' : 'Upload product'}>
      <Message text={message?.text ?? null} tone={message?.tone ?? 'error'} onClose={() => setMessage(null)} />
      <div className="adm-form-grid">
        <div className="adm-span">
          <TextField
            id="p-name"
            label="Name"
            value={form.name}
            maxLength={200}
            error={errors.name}
            onChange={(e) => set('name', e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="p-category">Category</label>
          <select
            id="p-category"
            value={form.category}
            aria-invalid={errors.category ? true : undefined}
            onChange={(e) => set('category', e.target.value)}
          >
            <option value="">Choose a category</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {titleCase(c)}
              </option>
            ))}
          </select>
          {errors.category && <span className="field-error">{errors.category}</span>}
        </div>
        <div className="field">
          <label htmlFor="p-brand">Brand</label>
          {isMen ? (
            <select
              id="p-brand"
              value={form.brand}
              aria-invalid={errors.brand ? true : undefined}
              onChange={(e) => set('brand', e.target.value)}
            >
              <option value="">Choose a brand</option>
              {BRANDS.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </select>
          ) : (
            <>
              <input
                id="p-brand"
                list="p-brand-list"
                value={form.brand}
                maxLength={60}
                onChange={(e) => set('brand', e.target.value)}
              />
              <datalist id="p-brand-list">
                {BRANDS.map((b) => (
                  <option key={b} value={b} />
                ))}
              </datalist>
            </>
          )}
          {errors.brand && <span className="field-error">{errors.brand}</span>}
        </div>
        <TextField
          id="p-price"
          label="MRP (₹)"
          inputMode="numeric"
          value={form.price}
          error={errors.price}
          onChange={(e) => set('price', e.target.value)}
        />
        <TextField
          id="p-discount"
          label="Selling price (₹)"
          inputMode="numeric"
          value={form.discountPrice}
          error={errors.discountPrice}
          onChange={(e) => set('discountPrice', e.target.value)}
        />
        <div className="field adm-span">
          <label htmlFor="p-description">Description</label>
          <textarea
            id="p-description"
            rows={4}
            maxLength={5000}
            value={form.description}
            onChange={(e) => set('description', e.target.value)}
          />
          {errors.description && <span className="field-error">{errors.description}</span>}
        </div>
      </div>
      <ImageSlots
        images={form.images}
        onChange={(images) => set('images', images)}
        error={errors.images ?? errors['images.0']}
      />
      <ColorImages rows={form.colorImages} onChange={(rows) => set('colorImages', rows)} />
      <FeatureRows rows={form.features} onChange={(rows) => set('features', rows)} />
      <fieldset className="adm-fieldset">
        <legend>Tags</legend>
        <div className="adm-chips">
          {TAGS.map((tag) => {
            const on = form.tags.includes(tag);
            return (
              <button
                key={tag}
                type="button"
                className="chip"
                aria-pressed={on}
                onClick={() => set('tags', on ? form.tags.filter((t) => t !== tag) : [...form.tags, tag])}
              >
                {tag}
              </button>
            );
          })}
        </div>
      </fieldset>
      <div className="adm-form-grid">
        <div className="field">
          <label htmlFor="p-status">Status</label>
          <select id="p-status" value={form.status} onChange={(e) => set('status', e.target.value)}>
            <option value="">None</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <TextField
          id="p-spinning"
          label="Spinning text"
          value={form.spinningText}
          maxLength={200}
          onChange={(e) => set('spinningText', e.target.value)}
        />
        <TextField
          id="p-stars"
          label="Stars (0 to 5)"
          inputMode="decimal"
          value={form.stars}
          error={errors.stars}
          onChange={(e) => set('stars', e.target.value)}
        />
        <TextField
          id="p-reviews"
          label="Number of reviews"
          inputMode="numeric"
          value={form.reviewsCount}
          error={errors.reviewsCount}
          onChange={(e) => set('reviewsCount', e.target.value)}
        />
        <div className="adm-span">
          <TextField
            id="p-video"
            label="Video link (YouTube, Instagram, Facebook or Vimeo)"
            type="url"
            placeholder="https://www.youtube.com/watch?v=…"
            value={form.videoUrl}
            error={errors.videoUrl}
            title={VIDEO_MESSAGE}
            onChange={(e) => set('videoUrl', e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="p-stock-count">Stock count</label>
          <input
            id="p-stock-count"
            inputMode="numeric"
            value={form.stockCount}
            aria-invalid={errors.stockCount ? true : undefined}
            aria-describedby="p-stock-count-help"
            onChange={(e) => set('stockCount', e.target.value)}
          />
          <span id="p-stock-count-help" className="adm-help">
            Leave empty to not count; at 0 the watch shows OUT OF STOCK
          </span>
          {errors.stockCount && <span className="field-error">{errors.stockCount}</span>}
        </div>
        <label className="adm-check">
          <input type="checkbox" checked={form.inStock} onChange={(e) => set('inStock', e.target.checked)} /> In stock
        </label>
      </div>
      <div className="adm-actions">
        <button type="submit" className="btn btn-gold" disabled={saving}>
          {product ? 'SAVE CHANGES' : 'UPLOAD PRODUCT'}
        </button>
      </div>
      <LoaderOverlay active={saving} label={product ? 'Saving the product…' : 'Uploading the product…'} />
    </form>
  );
}
