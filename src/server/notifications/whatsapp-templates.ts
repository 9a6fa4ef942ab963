/**
 * Every WhatsApp message the store sends, in English and Hindi, in one place
 * (docs/whatsapp.md lists them for the owner to register with Meta exactly as written here;
 * docs/decisions/031-whatsapp-channel.md).
 *
 * A message that starts a conversation must be a template Meta approved: the body below with
 * {{1}}, {{2}}... filled in at send time (Cloud API "template" messages,
 * developers.facebook.com/docs/whatsapp/cloud-api/guides/send-message-templates). Utility
 * templates tell of the shopper's own order; marketing ones (back in stock, cart reminder) go
 * only to a shopper who also agreed to offers. Free-form text (FREE_TEXTS) is allowed only within
 * 24 hours of the shopper's own message, so the store uses it only to answer a reply.
 */
import { plainLine } from '../../common/text.ts';

export const WHATSAPP_LANGUAGES = ['en', 'hi'] as const;
export type WhatsAppLanguage = (typeof WHATSAPP_LANGUAGES)[number];

export function whatsappLanguage(value: string | null | undefined): WhatsAppLanguage {
  return value === 'hi' ? 'hi' : 'en';
}

export type TemplateCategory = 'utility' | 'marketing';

export interface WhatsAppTemplate {
  name: string;
  category: TemplateCategory;
  /** What each {{n}} is, in order (for docs/whatsapp.md and the callers' types). */
  params: readonly string[];
  body: Record<WhatsAppLanguage, string>;
  /** Quick-reply buttons, in order; their payloads are set per message (the order they act on). */
  quickReplies?: ReadonlyArray<{ id: 'confirm' | 'cancel'; text: Record<WhatsAppLanguage, string> }>;
}

const CONFIRM_CANCEL = [
  { id: 'confirm', text: { en: 'Confirm order', hi: 'ऑर्डर पक्का करें' } },
  { id: 'cancel', text: { en: 'Cancel order', hi: 'ऑर्डर रद्द करें' } },
] as const;

const STOP_LINE = { en: 'Reply STOP to stop these messages.', hi: 'ये संदेश बंद करने के लिए STOP लिखकर भेजें।' };

export const WHATSAPP_TEMPLATES = {
  /** A new cash-on-delivery order with an advance to pay: the link, and Confirm/Cancel. */
  order_placed: {
    name: 'order_placed',
    category: 'utility',
    params: ['shopper name', 'order number', 'order total', 'advance', 'advance link', 'to pay on delivery'],
    body: {
      en: 'Hello {{1}}, thank you for your order {{2}} of {{3}}.\n\nPlease pay the {{4}} advance here: {{5}}\nYou pay the remaining {{6}} in cash on delivery.\n\nTap Confirm order if you placed it, or Cancel order if you did not.',
      hi: 'नमस्ते {{1}}, आपके ऑर्डर {{2}} ({{3}}) के लिए धन्यवाद।\n\nकृपया {{4}} एडवांस यहाँ दें: {{5}}\nबाकी {{6}} डिलीवरी पर नकद देना है।\n\nअगर यह ऑर्डर आपने दिया है तो "ऑर्डर पक्का करें" दबाएँ, नहीं तो "ऑर्डर रद्द करें"।',
    },
    quickReplies: CONFIRM_CANCEL,
  },
  /** A new cash-on-delivery order without an advance: Confirm/Cancel before it is packed. */
  cod_confirm: {
    name: 'cod_confirm',
    category: 'utility',
    params: ['shopper name', 'order number', 'to pay on delivery'],
    body: {
      en: 'Hello {{1}}, we received your cash-on-delivery order {{2}}. Please keep {{3}} ready to pay on delivery.\n\nTap Confirm order to have it packed, or Cancel order if you did not place it.',
      hi: 'नमस्ते {{1}}, हमें आपका कैश-ऑन-डिलीवरी ऑर्डर {{2}} मिला है। डिलीवरी पर {{3}} तैयार रखें।\n\nपैक करवाने के लिए "ऑर्डर पक्का करें" दबाएँ, या अगर यह ऑर्डर आपने नहीं दिया तो "ऑर्डर रद्द करें"।',
    },
    quickReplies: CONFIRM_CANCEL,
  },
  order_shipped: {
    name: 'order_shipped',
    category: 'utility',
    params: ['shopper name', 'order number', 'tracking link', 'to pay on delivery'],
    body: {
      en: 'Hello {{1}}, your order {{2}} is on its way. Track it here: {{3}}\nPlease keep {{4}} ready to pay on delivery.',
      hi: 'नमस्ते {{1}}, आपका ऑर्डर {{2}} भेज दिया गया है। यहाँ देखें कि वह कहाँ है: {{3}}\nडिलीवरी पर {{4}} तैयार रखें।',
    },
  },
  out_for_delivery: {
    name: 'out_for_delivery',
    category: 'utility',
    params: ['shopper name', 'order number', 'to pay on delivery'],
    body: {
      en: 'Hello {{1}}, your order {{2}} is out for delivery today. Please keep {{3}} ready in cash.',
      hi: 'नमस्ते {{1}}, आपका ऑर्डर {{2}} आज डिलीवरी के लिए निकला है। कृपया {{3}} नकद तैयार रखें।',
    },
  },
  delivery_failed: {
    name: 'delivery_failed',
    category: 'utility',
    params: ['shopper name', 'order number', "the courier's reason", 'reschedule link'],
    body: {
      en: 'Hello {{1}}, the courier could not deliver your order {{2}} ({{3}}). Please choose a new delivery day here: {{4}}\nWe will try again on the day you choose.',
      hi: 'नमस्ते {{1}}, कूरियर आपका ऑर्डर {{2}} नहीं पहुँचा सका ({{3}})। कृपया डिलीवरी का नया दिन यहाँ चुनें: {{4}}\nआपके चुने दिन हम फिर से कोशिश करेंगे।',
    },
  },
  order_delivered: {
    name: 'order_delivered',
    category: 'utility',
    params: ['shopper name', 'order number'],
    body: {
      en: 'Hello {{1}}, your order {{2}} was delivered. Thank you for shopping with us!',
      hi: 'नमस्ते {{1}}, आपका ऑर्डर {{2}} पहुँच गया है। हमसे खरीदारी के लिए धन्यवाद!',
    },
  },
  order_cancelled: {
    name: 'order_cancelled',
    category: 'utility',
    params: ['shopper name', 'order number'],
    body: {
      en: 'Hello {{1}}, your order {{2}} was cancelled. If you did not ask for this, or you paid the advance, please reply here or call us.',
      hi: 'नमस्ते {{1}}, आपका ऑर्डर {{2}} रद्द हो गया है। अगर आपने यह नहीं कहा था, या एडवांस दे दिया था, तो यहाँ जवाब दें या हमें फ़ोन करें।',
    },
  },
  unpaid_reminder: {
    name: 'unpaid_reminder',
    category: 'utility',
    params: ['shopper name', 'order number', 'advance', 'time it expires', 'advance link'],
    body: {
      en: 'Hello {{1}}, your order {{2}} is still waiting for its {{3}} advance. Please pay it here: {{5}}\nIf it is not paid by {{4}}, the order will be cancelled.',
      hi: 'नमस्ते {{1}}, आपके ऑर्डर {{2}} का {{3}} एडवांस अभी बाकी है। कृपया यहाँ दें: {{5}}\nअगर {{4}} तक नहीं मिला तो ऑर्डर रद्द हो जाएगा।',
    },
  },
  // The owner marked the address doubtful (orders/address-check.ts): the link to correct it.
  address_check: {
    name: 'address_check',
    category: 'utility',
    params: ['shopper name', 'order number', 'address link'],
    body: {
      en: 'Hello {{1}}, we could not be sure of the delivery address of your order {{2}}. Please check and correct it here before we pack it: {{3}}\nYour order waits until then.',
      hi: 'नमस्ते {{1}}, आपके ऑर्डर {{2}} का डिलीवरी पता हमें साफ़ नहीं है। पैक करने से पहले कृपया यहाँ जाँचकर ठीक करें: {{3}}\nतब तक आपका ऑर्डर रुका रहेगा।',
    },
  },
  /** A refund the owner recorded (docs/product.md "Every advance settled"): amount, date, reason, reference. */
  refund_recorded: {
    name: 'refund_recorded',
    category: 'utility',
    params: [
      'shopper name',
      'order number',
      'amount refunded',
      'date paid',
      'why (the reason the owner chose)',
      'UPI or bank reference',
    ],
    body: {
      en: 'Hello {{1}}, we refunded {{3}} for your order {{2}} on {{4}} ({{5}}). Reference: {{6}}\nYour bank may take a day or two to show it. If you do not see it, please reply here with the reference.',
      hi: 'नमस्ते {{1}}, आपके ऑर्डर {{2}} के लिए हमने {{4}} को {{3}} लौटा दिए ({{5}})। रेफ़रेंस: {{6}}\nबैंक में दिखने में एक-दो दिन लग सकते हैं। न दिखे तो यहाँ रेफ़रेंस के साथ जवाब दें।',
    },
  },
  /** An advance kept under a case of the policy, in the shopper's language (common/settlement.ts). */
  advance_kept: {
    name: 'advance_kept',
    category: 'utility',
    params: ['shopper name', 'order number', 'advance', 'the policy’s case'],
    body: {
      en: 'Hello {{1}}, your {{3}} advance for order {{2}} was kept: {{4}}. This is the case our Return and refund policy gives. If you think it is wrong, please reply here or call us.',
      hi: 'नमस्ते {{1}}, ऑर्डर {{2}} का {{3}} एडवांस रखा गया: {{4}}। हमारी रिटर्न और रिफ़ंड नीति में यही लिखा है। अगर आपको यह गलत लगे तो यहाँ जवाब दें या हमें फ़ोन करें।',
    },
  },
  back_in_stock: {
    name: 'back_in_stock',
    category: 'marketing',
    params: ['watch name', 'product link'],
    body: {
      en: `Good news: {{1}} is back in stock. See it here: {{2}}\n${STOP_LINE.en}`,
      hi: `खुशखबरी: {{1}} फिर से उपलब्ध है। यहाँ देखें: {{2}}\n${STOP_LINE.hi}`,
    },
  },
  cart_reminder: {
    name: 'cart_reminder',
    category: 'marketing',
    params: ['shopper name', 'what is in the cart', 'cart link'],
    body: {
      en: `Hello {{1}}, you left {{2}} in your cart. It is waiting for you here: {{3}}\n${STOP_LINE.en}`,
      hi: `नमस्ते {{1}}, आपके कार्ट में {{2}} रखा है। यहाँ से ऑर्डर पूरा करें: {{3}}\n${STOP_LINE.hi}`,
    },
  },
  /**
   * Reviews (docs/product.md#reviews): asked once after delivery and reminded once; utility, about
   * the shopper's own order. The link opens the order's review page with no log-in.
   */
  review_request: {
    name: 'review_request',
    category: 'utility',
    params: ['shopper name', 'order number', 'review link'],
    body: {
      en: 'Hello {{1}}, how is the watch from order {{2}}? Tell other buyers in a review, with stars and photos if you like: {{3}}\nEvery rating is published under our reviews policy.',
      hi: 'नमस्ते {{1}}, ऑर्डर {{2}} की घड़ी कैसी लगी? दूसरे खरीदारों के लिए रिव्यू लिखें, चाहें तो स्टार और फ़ोटो के साथ: {{3}}\nहमारी रिव्यू नीति के अनुसार हर रेटिंग प्रकाशित होती है।',
    },
  },
  review_reminder: {
    name: 'review_reminder',
    category: 'utility',
    params: ['shopper name', 'order number', 'review link'],
    body: {
      en: 'Hello {{1}}, a last reminder: your review of order {{2}} helps other buyers choose. Write it here: {{3}}\nWe will not ask again.',
      hi: 'नमस्ते {{1}}, आखिरी याद: ऑर्डर {{2}} का आपका रिव्यू दूसरे खरीदारों की मदद करता है। यहाँ लिखें: {{3}}\nहम फिर नहीं पूछेंगे।',
    },
  },
  review_rejected: {
    name: 'review_rejected',
    category: 'utility',
    params: ['shopper name', 'order number', 'the reason', 'review link'],
    body: {
      en: 'Hello {{1}}, we could not publish your review of order {{2}}. Reason: {{3}}\nYou can read it and write it again here: {{4}}\nThank you for buying from us.',
      hi: 'नमस्ते {{1}}, हम ऑर्डर {{2}} का आपका रिव्यू प्रकाशित नहीं कर सके। कारण: {{3}}\nयहाँ पढ़ें और फिर से लिखें: {{4}}\nहमसे खरीदारी के लिए धन्यवाद।',
    },
  },
  /**
   * The owner's own messages (OWNER_WHATSAPP, docs/whatsapp.md#the-owner): sent beside the owner's
   * mails, to the number the owner set, so no consent is asked; always in English.
   */
  owner_new_order: {
    name: 'owner_new_order',
    category: 'utility',
    params: ['order number', 'shopper name', 'shopper phone', 'order total', 'advance', 'orders link'],
    body: {
      en: 'New order {{1}} from {{2}} (phone {{3}}): {{4}}, advance {{5}}.\nOpen {{6}} to see it.',
      hi: 'नया ऑर्डर {{1}}, {{2}} से (फ़ोन {{3}}): {{4}}, एडवांस {{5}}।\nदेखने के लिए {{6}} खोलें।',
    },
  },
  owner_advance_submitted: {
    name: 'owner_advance_submitted',
    category: 'utility',
    params: ['order number', 'shopper name', 'UPI reference', 'advance', 'orders link'],
    body: {
      en: 'Advance to check for order {{1}}: {{2}} sent UPI reference {{3}} for {{4}}.\nFind it in the bank, then mark it at {{5}} (your dashboard).',
      hi: 'ऑर्डर {{1}} का एडवांस जाँचें: {{2}} ने {{4}} का UPI रेफ़रेंस {{3}} भेजा है।\nबैंक में देखकर {{5}} पर दर्ज करें।',
    },
  },
  owner_delivery_failed: {
    name: 'owner_delivery_failed',
    category: 'utility',
    params: ['order number', 'shopper name', 'shopper phone', "the courier's reason", 'orders link'],
    body: {
      en: 'The courier could not deliver order {{1}} to {{2}} (phone {{3}}): {{4}}.\nSee the order at {{5}} and call the shopper.',
      hi: 'कूरियर ऑर्डर {{1}} {{2}} (फ़ोन {{3}}) तक नहीं पहुँचा सका: {{4}}।\nऑर्डर {{5}} पर देखें और ग्राहक को फ़ोन करें।',
    },
  },
  owner_complaint: {
    name: 'owner_complaint',
    category: 'utility',
    params: ['ticket', 'name', 'phone', 'answer by', 'the complaint (its start)', 'complaints link'],
    body: {
      en: 'Complaint {{1}} from {{2}} (phone {{3}}). Please answer by {{4}}.\nThey wrote: {{5}}\nOpen {{6}} and mark it answered once you have called.',
      hi: 'शिकायत {{1}}, {{2}} से (फ़ोन {{3}})। कृपया {{4}} तक जवाब दें।\nउन्होंने लिखा: {{5}}\nफ़ोन करने के बाद {{6}} पर इसे जवाब दिया दर्ज करें।',
    },
  },
  /** Each step of an exchange or problem report (after-sales/messages.ts words {{4}} in the shopper's language). */
  after_sales_update: {
    name: 'after_sales_update',
    category: 'utility',
    params: ['shopper name', 'request number', 'order number', 'what happened', 'orders link'],
    body: {
      en: 'Hello {{1}}, about your request {{2}} for order {{3}}: {{4}}\nSee {{5}} for the details.',
      hi: 'नमस्ते {{1}}, ऑर्डर {{3}} के आपके अनुरोध {{2}} के बारे में: {{4}}\nपूरी जानकारी {{5}} पर देखें।',
    },
  },
  /**
   * The owner's answer to a shopper's message after WhatsApp's 24-hour customer service window
   * closed (issue 37; docs/whatsapp.md#the-inbox): free-form text is refused then, a template is not.
   * The answer is one plain line (templateParam).
   */
  inbox_reply: {
    name: 'inbox_reply',
    category: 'utility',
    params: ['shopper name', 'the shop’s answer'],
    body: {
      en: 'Hello {{1}}, this is the shop’s answer to your message:\n\n{{2}}\n\nReply here if you need anything else.',
      hi: 'नमस्ते {{1}}, आपके संदेश का दुकान की ओर से जवाब:\n\n{{2}}\n\nऔर कुछ चाहिए तो यहीं जवाब दें।',
    },
  },
  /** Shoppers' messages that waited past INBOX_WAIT_MINUTES within shop hours: one summary (issue 37). */
  owner_inbox_waiting: {
    name: 'owner_inbox_waiting',
    category: 'utility',
    params: ['how many conversations', 'the longest wait', 'who is waiting', 'inbox link'],
    body: {
      en: 'Inbox: {{1}} WhatsApp conversations are waiting for an answer, the longest for {{2}}: {{3}}.\nAnswer them at {{4}}.',
      hi: 'इनबॉक्स: {{1}} WhatsApp बातचीत जवाब का इंतज़ार कर रही हैं, सबसे पुरानी {{2}} से: {{3}}।\nजवाब {{4}} पर दें।',
    },
  },
} as const satisfies Record<string, WhatsAppTemplate>;

export type TemplateName = keyof typeof WHATSAPP_TEMPLATES;

/** Answers to the shopper's own message (free-form text: only within 24 hours of it). */
export const FREE_TEXTS = {
  confirmed: {
    en: 'Thank you! Order {{1}} is confirmed. We will let you know when it is on its way.',
    hi: 'धन्यवाद! ऑर्डर {{1}} पक्का हो गया है। भेजते ही हम आपको बताएँगे।',
  },
  stopped: {
    en: 'You will no longer get order updates on WhatsApp; we will send them by email. You can turn them back on in your profile.',
    hi: 'अब आपको WhatsApp पर ऑर्डर की जानकारी नहीं भेजी जाएगी; हम ईमेल से भेजेंगे। प्रोफ़ाइल में इसे फिर से चालू कर सकते हैं।',
  },
  proven: {
    en: 'Thank you: this number is confirmed. Your updates will come here on WhatsApp. Reply STOP to stop them.',
    hi: 'धन्यवाद: यह नंबर पक्का हो गया। आपकी जानकारी अब यहीं WhatsApp पर आएगी। बंद करने के लिए STOP लिखें।',
  },
  proofOtherNumber: {
    en: 'This code was made for another number. Please send it from the number you gave us.',
    hi: 'यह कोड किसी दूसरे नंबर के लिए बना था। कृपया इसे उसी नंबर से भेजें जो आपने हमें दिया है।',
  },
  proofUnknown: {
    en: 'This code has expired or was already used. Please tap "Get updates on WhatsApp" on our shop again.',
    hi: 'यह कोड पुराना हो गया है या पहले ही इस्तेमाल हो चुका है। कृपया हमारी दुकान पर "Get updates on WhatsApp" फिर से दबाएँ।',
  },
  notCancellable: {
    en: 'Order {{1}} can no longer be cancelled here. Please call us.',
    hi: 'ऑर्डर {{1}} अब यहाँ से रद्द नहीं हो सकता। कृपया हमें फ़ोन करें।',
  },
} as const satisfies Record<string, Record<WhatsAppLanguage, string>>;

/**
 * A parameter as Meta takes it: one line (a template parameter may hold no line break or tab, nor
 * more than four spaces in a row: Cloud API error 132018), at most `max` characters.
 */
export function templateParam(value: string, max = 200): string {
  const line = plainLine(value);
  return line.length > max ? `${line.slice(0, max - 1)}…` : line || '-';
}

/** "Hello there," / "नमस्ते जी,": when a name leaves no letters. */
const NEUTRAL_NAME: Record<WhatsAppLanguage, string> = { en: 'there', hi: 'जी' };
const NAME_MAX = 20;

/**
 * The shopper's name as a template may carry it (issue 34; docs/whatsapp.md#numbers-proven-first):
 * the first word that has a letter, cut to its letters (and the marks Indian scripts write vowels
 * with), at most 20. A name such as "Refund due: visit evil.example/r" becomes "Refund": no link,
 * digit or sentence of a stranger's reaches a phone in the shop's name.
 */
export function greetingName(name: string, language: WhatsAppLanguage): string {
  const first = plainLine(name)
    .split(' ')
    .find((word) => /\p{L}/u.test(word));
  const letters = Array.from((first ?? '').replace(/[^\p{L}\p{M}]/gu, ''))
    .slice(0, NAME_MAX)
    .join('');
  return /\p{L}/u.test(letters) ? letters : NEUTRAL_NAME[language];
}

/** The body with its parameters filled in: what the shopper reads. */
export function fillBody(body: string, params: readonly string[]): string {
  return body.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => params[Number(n) - 1] ?? whole);
}
