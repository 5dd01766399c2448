import type { CompanyView, PersonView } from '@portal/domain';
import { apiFetch } from '../../api/api-fetch.ts';

export const peopleKeys = {
  staff: ['people', 'staff'] as const,
  companies: (q: string) => ['people', 'companies', q] as const,
  company: (id: number) => ['people', 'company', id] as const,
};

export interface PersonInput {
  email: string;
  firstName: string;
  lastName: string;
  scopes: string[];
}

/** Refusals (bad input, a taken address or name) are said beside the form, not as the generic message. */
const formNotify = { 400: null, 404: null, 409: null } as const;

export const fetchStaff = () => apiFetch<{ users: PersonView[] }>('/people/staff').then((r) => r.users);
export const fetchCompanies = (q: string) =>
  apiFetch<{ companies: CompanyView[] }>(`/people/companies${q ? `?q=${encodeURIComponent(q)}` : ''}`).then(
    (r) => r.companies,
  );
export const fetchCompanyPeople = (id: number) =>
  apiFetch<{ company: CompanyView; users: PersonView[] }>(`/people/companies/${id}`, { notify: { 404: null } });

export const inviteStaff = (input: PersonInput) =>
  apiFetch<PersonView>('/people/staff', { method: 'POST', json: input, notify: formNotify });
export const inviteCompanyUser = (companyId: number, input: PersonInput) =>
  apiFetch<PersonView>(`/people/companies/${companyId}/users`, { method: 'POST', json: input, notify: formNotify });
export const addCompany = (name: string) =>
  apiFetch<CompanyView>('/people/companies', { method: 'POST', json: { name }, notify: formNotify });
export const resendInvitation = (userId: number) =>
  apiFetch<PersonView>(`/people/users/${userId}/invitation`, { method: 'POST', notify: { 409: null } });

export const fetchInvitation = (token: string) =>
  apiFetch<{ email: string; firstName: string; companyName: string }>(`/invitations/${encodeURIComponent(token)}`, {
    notify: { 404: null },
  });
export const acceptInvitation = (token: string, newPassword: string) =>
  apiFetch<void>('/invitations/accept', { method: 'POST', json: { token, newPassword }, notify: { 400: null } });
