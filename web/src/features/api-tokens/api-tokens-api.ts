import type { ApiToken, CreateApiToken, CreatedApiToken } from '@portal/domain';
import { apiFetch } from '../../api/api-fetch.ts';

export const apiTokenKeys = {
  own: ['api-tokens', 'own'] as const,
  all: (companyId: number | null) => ['api-tokens', 'all', companyId] as const,
};

export const fetchOwnTokens = () => apiFetch<ApiToken[]>('/api-tokens');
export const createToken = (input: CreateApiToken) =>
  apiFetch<CreatedApiToken>('/api-tokens', { method: 'POST', json: input });
export const revokeOwnToken = (id: number) => apiFetch<ApiToken>(`/api-tokens/${id}`, { method: 'DELETE' });

/** Staff (full administrators): every company's tokens, or one company's. */
export const fetchAllTokens = (companyId: number | null) =>
  apiFetch<ApiToken[]>(`/admin/api-tokens${companyId ? `?companyId=${companyId}` : ''}`);
export const revokeAnyToken = (id: number) => apiFetch<ApiToken>(`/admin/api-tokens/${id}`, { method: 'DELETE' });
