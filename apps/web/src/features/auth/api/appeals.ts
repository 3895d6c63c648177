import {
  APPEALS_API, type AppealFormResponse, type AppealsResponse, type AppealView, type FileAppealRequest, type UploadToken,
} from '@lantern/contract';
import { api } from '../../../lib/api';

/** The contact's tracking token (docs/product/engagement.md#appeal-tracking), kept for this tab only. */
const TRACKING_KEY = 'lantern.appeal_tracking';
export const trackingToken = {
  get: () => (typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(TRACKING_KEY)),
  set: (token: string) => sessionStorage.setItem(TRACKING_KEY, token),
};
const tracked = () => {
  const token = trackingToken.get();
  return token ? { 'x-appeal-tracking': token } : undefined;
};

export const fetchAppealForm = () => api.get<AppealFormResponse>(APPEALS_API.form, { auth: 'none' });

export const fileAppeal = (appeal: FileAppealRequest['appeal']) =>
  api.post<{ appeal: AppealView; tracking_token: string }>(APPEALS_API.appeals, { appeal }, { auth: 'none' });

export const fetchAppeals = (id?: number) =>
  api.get<AppealsResponse>(APPEALS_API.appeals, { auth: 'none', headers: tracked(), ...(id !== undefined && { query: { id } }) });

export const fetchAppealsByCode = (connect_email: string, number: string) =>
  api.get<AppealsResponse>(APPEALS_API.appeals, { auth: 'none', query: { connect_email, number } });

export const requestResetLink = (id: number) => api.post<{ sent: boolean }>(APPEALS_API.resetLink(id), undefined, { auth: 'none', headers: tracked() });

export const resetPasswordByToken = (token: string, appeal: { password: string; password_confirmation: string }) =>
  api.patch<{ reset: string }>(APPEALS_API.password(token), { appeal }, { auth: 'none' });

export const resetContactByToken = (token: string, appeal: { email?: string; phone_number?: string; code: string }) =>
  api.patch<{ reset: string }>(APPEALS_API.account(token), { appeal }, { auth: 'none' });

export const fetchDenial = (token: string) =>
  api.get<{ state: string; denied: boolean; can_deny: boolean }>(APPEALS_API.denial(token), { auth: 'none' });
export const denyAppeal = (token: string) =>
  api.post<{ state: string; denied: boolean; can_deny: boolean }>(APPEALS_API.denial(token), undefined, { auth: 'none' });

/** A guest upload token for the form's attachments, bought with its signature (docs/product/engagement.md#guest-uploads). */
export const fetchAttachmentUploadToken = (signature: string) =>
  api.post<UploadToken>(APPEALS_API.uploadToken, { signature }, { auth: 'none' });
