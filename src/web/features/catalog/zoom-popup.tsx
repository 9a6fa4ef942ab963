/**
 * The product picture zoomed (docs/product.md#product-page): on wide screens the magnified picture
 * follows the pointer; under 800 px it is dragged with a finger. Keyboard: the
 * arrow keys pan too.
 */
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { imageUrl } from '../../../common/media.ts';
import { Popup } from './popup.tsx';
import { useNarrow } from './use-narrow.ts';

const SCALE = 2.5;

export function ZoomPopup({
  image,
  alt,
  open,
  onClose,
}: {
  image: string;
  alt: string;
  open: boolean;
  onClose: () => void;
}) {
  const narrow = useNarrow();
  // The point of the picture shown at the centre, in percent.
  const [focus, setFocus] = useState({ x: 50, y: 50 });
  const drag = useRef<{ x: number; y: number; fx: number; fy: number } | null>(null);

  const clamp = (v: number) => Math.min(100, Math.max(0, v));
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (e.pointerType === 'mouse' && !narrow) {
      setFocus({
        x: clamp(((e.clientX - box.left) / box.width) * 100),
        y: clamp(((e.clientY - box.top) / box.height) * 100),
      });
      return;
    }
    const start = drag.current;
    if (!start) return;
    // Dragging right shows what is further left, like moving a photo under a lens.
    setFocus({
      x: clamp(start.fx - ((e.clientX - start.x) / box.width) * (100 / (SCALE - 1))),
      y: clamp(start.fy - ((e.clientY - start.y) / box.height) * (100 / (SCALE - 1))),
    });
  };
  const onKey = (e: KeyboardEvent) => {
    const step = 10;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    setFocus((f) => ({ x: clamp(f.x + move[0]), y: clamp(f.y + move[1]) }));
  };

  return (
    <Popup open={open} onClose={onClose} title={`Zoomed picture of ${alt}`} titleHidden className="zoom-popup">
      <div
        className="zoom-area"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the zoom area pans with the arrow keys, so it takes focus.
        tabIndex={0}
        role="img"
        aria-label={`${alt}, zoomed. Use the arrow keys to look around.`}
        onKeyDown={onKey}
        onPointerMove={onMove}
        onPointerDown={(e) => {
          drag.current = { x: e.clientX, y: e.clientY, fx: focus.x, fy: focus.y };
          e.currentTarget.setPointerCapture(e.pointerId);
        }}
        onPointerUp={() => {
          drag.current = null;
        }}
        onPointerCancel={() => {
          drag.current = null;
        }}
      >
        <img
          src={imageUrl(image, 1600)}
          alt=""
          width={1200}
          height={1200}
          draggable={false}
          style={{ transformOrigin: `${focus.x}% ${focus.y}%`, transform: `scale(${SCALE})` }}
        />
      </div>
      <p className="zoom-hint">
        {narrow ? 'Drag the picture to look around.' : 'Move the pointer over the picture to look around.'}
      </p>
    </Popup>
  );
}
