/**
 * Migrations registered in an explicit map (not read from a folder at run time),
 * so their order is reviewed in code and any bundler keeps them.
 * Add a new file as NNNN-name.ts and one line here; never edit a landed one.
 */
import type { Migration } from 'kysely';
import * as m0001 from './0001-initial.ts';
import * as m0002search from './0002-search.ts';
import * as m0003cod from './0003-cod-business.ts';
import * as m0004paperwork from './0004-paperwork.ts';
import * as m0005abuse from './0005-abuse-limits.ts';
import * as m0006advance from './0006-order-advance.ts';
import * as m0007shipping from './0007-shipping.ts';
import * as m0008courierJobs from './0008-courier-jobs.ts';
import * as m0009statements from './0009-bank-statements.ts';
import * as m0010credit from './0010-credit-notes.ts';
import * as m0011whatsapp from './0011-whatsapp.ts';
import * as m0012followUps from './0012-lead-follow-ups.ts';
import * as m0013deliveryChoices from './0013-delivery-choices.ts';
import * as m0015remittance from './0015-cod-remittance.ts';
import * as m0016buyerGstin from './0016-buyer-gstin.ts';
import * as m0017backInStock from './0017-back-in-stock.ts';
import * as m0018unpaidReminder from './0018-unpaid-reminder.ts';
import * as m0020provenNumbers from './0020-proven-numbers.ts';
import * as m0022unpaidCount from './0022-unpaid-count-indexes.ts';
import * as m0023codRisk from './0023-cod-risk.ts';
import * as m0024payAddress from './0024-pay-in-full-address-check.ts';
import * as m0025settlements from './0025-settlements.ts';
import * as m0026afterSales from './0026-after-sales.ts';
import * as m0027whatsappConversations from './0027-whatsapp-conversations.ts';
import * as m0028reviews from './0028-reviews.ts';
import * as m0030homeReviews from './0030-home-reviews.ts';
import * as m0031pincodeOutcomes from './0031-pincode-outcomes.ts';
import * as m0032historyCovering from './0032-history-covering-indexes.ts';

export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-search': m0002search,
  '0003-cod-business': m0003cod,
  '0004-paperwork': m0004paperwork,
  '0005-abuse-limits': m0005abuse,
  '0006-order-advance': m0006advance,
  '0007-shipping': m0007shipping,
  '0008-courier-jobs': m0008courierJobs,
  '0009-bank-statements': m0009statements,
  '0010-credit-notes': m0010credit,
  '0011-whatsapp': m0011whatsapp,
  '0012-lead-follow-ups': m0012followUps,
  '0013-delivery-choices': m0013deliveryChoices,
  '0015-cod-remittance': m0015remittance,
  '0016-buyer-gstin': m0016buyerGstin,
  '0017-back-in-stock': m0017backInStock,
  '0018-unpaid-reminder': m0018unpaidReminder,
  '0020-proven-numbers': m0020provenNumbers,
  '0022-unpaid-count-indexes': m0022unpaidCount,
  '0023-cod-risk': m0023codRisk,
  '0024-pay-in-full-address-check': m0024payAddress,
  '0025-settlements': m0025settlements,
  '0026-after-sales': m0026afterSales,
  '0027-whatsapp-conversations': m0027whatsappConversations,
  '0028-reviews': m0028reviews,
  '0030-home-reviews': m0030homeReviews,
  '0031-pincode-outcomes': m0031pincodeOutcomes,
  '0032-history-covering-indexes': m0032historyCovering,
};
