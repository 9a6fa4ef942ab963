import { imageUrl } from '../../common/media.ts';
import './line-picture.css';

/**
 * The small picture of a watch in a list of lines (cart, checkout summary, Your Orders): the
 * product's first picture, or the same clock mark the catalogue shows for a watch with none, in
 * a frame of the same size, so rows line up and no row shows an empty white box.
 * Decorative: the line's name beside it says which watch it is.
 */
export function LinePicture({
  image,
  size,
  lazy = true,
}: {
  image: string | null | undefined;
  size: number;
  lazy?: boolean;
}) {
  if (!image) {
    return (
      <span className="line-picture line-picture-missing" style={{ width: size, height: size }} aria-hidden="true">
        ◷
      </span>
    );
  }
  return (
    <img
      className="line-picture"
      src={imageUrl(image, 240)}
      alt=""
      width={size}
      height={size}
      {...(lazy ? { loading: 'lazy' as const } : {})}
    />
  );
}
