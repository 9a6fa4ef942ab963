import { ContactBlock, FIGURES } from './policy-parts.tsx';

export function Disclaimer({ shop }: { shop: string }) {
  return (
    <>
      <p>Please read this before you order from {shop}.</p>
      <h2>Brands and products</h2>
      <p>
        Brand names and logos belong to their owners. Unless a product is listed in the Original Watch category, the
        watches we sell are not made, sold or endorsed by those brands and carry no brand warranty. Each product page
        describes what you are buying.
      </p>
      <h2>Pictures and descriptions</h2>
      <p>
        We photograph and describe every watch as accurately as we can. Colours may look different on your screen, and
        sizes may vary slightly. Ask us on WhatsApp for a video before you order if you are unsure.
      </p>
      <h2>Prices and availability</h2>
      <p>
        Prices and stock can change without notice. The price confirmed when you book with the {FIGURES.advance} advance
        is the price you pay.
      </p>
      <h2>Links to other websites</h2>
      <p>Links to WhatsApp, Instagram, YouTube and others take you to services we do not control.</p>
      <h2>Contact</h2>
      <ContactBlock />
    </>
  );
}
