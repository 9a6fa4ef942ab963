/** The GST returns screen's calls (src/common/gstr1-api.ts, src/common/credit-note-api.ts). */
import { apiPath } from '../../../common/api-contract.ts';
import { creditNoteApi } from '../../../common/credit-note-api.ts';
import { gstr1Api } from '../../../common/gstr1-api.ts';
import { mediaApi } from '../../../common/media-api.ts';
import type { Gstr1Summary } from '../../../common/schemas/gstr1.ts';
import type { SignatureReply } from '../../../common/schemas/signature.ts';
import { api, call } from '../../lib/api-client.ts';

export function loadGstr1(period: string): Promise<Gstr1Summary> {
  return call(gstr1Api.summary, { query: { period } });
}

export function loadSignature(): Promise<SignatureReply> {
  return call(creditNoteApi.signature);
}

/** Stores the picture through the pictures' upload, then makes it the signature. */
export async function uploadSignature(file: File): Promise<SignatureReply> {
  const form = new FormData();
  form.append('images', file, file.name);
  const uploaded = await api<{ images: Array<{ id: string }> }>(apiPath(mediaApi.upload.path, {}), {
    method: 'POST',
    body: form,
  });
  return call(creditNoteApi.setSignature, { body: { imageId: uploaded.images[0]!.id } });
}

export function removeSignature(): Promise<SignatureReply> {
  return call(creditNoteApi.setSignature, { body: { imageId: null } });
}
