/**
 * A modal popup on the native <dialog>: focus moves in and is kept there, Esc
 * and the backdrop close it, focus returns to the opener, and the page behind
 * does not scroll while it is open.
 */
import { type ReactNode, useEffect, useRef } from 'react';
import { CloseIcon } from '../../components/icons.tsx';

export function Popup({
  open,
  onClose,
  title,
  titleHidden = false,
  className = '',
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  titleHidden?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    // Remembered here because the dialog leaves the page when it closes, before the browser could restore focus.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);
  if (!open) return null;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Esc closes the dialog natively; the click only catches the backdrop.
    <dialog
      ref={ref}
      className={`catalog-popup ${className}`}
      aria-labelledby="popup-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className="catalog-popup-inner">
        <div className="catalog-popup-head">
          <h2 id="popup-title" className={titleHidden ? 'visually-hidden' : undefined}>
            {title}
          </h2>
          <button type="button" className="icon-btn catalog-popup-close" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
