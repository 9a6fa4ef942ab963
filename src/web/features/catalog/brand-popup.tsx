/** 'Select the Brand' (docs/product.md#home): the 28 brands, each opening its men-watch listing. */

import { BRANDS, listingPath } from '../../../common/catalog.ts';
import { Link } from '../../lib/router/index.ts';
import { Popup } from './popup.tsx';

export function BrandPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Popup open={open} onClose={onClose} title="Select the Brand" className="brand-popup">
      <ul className="brand-list">
        {BRANDS.map((brand) => (
          <li key={brand}>
            <Link to={listingPath('men watch', brand)} className="chip" onClick={onClose}>
              {brand}
            </Link>
          </li>
        ))}
      </ul>
      <p className="brand-all">
        <Link to={listingPath('men watch')} onClick={onClose}>
          See all men watches
        </Link>
      </p>
    </Popup>
  );
}
