import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG } from '@portal/domain';
import { buildSession, buildUser, jsonResponse } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { LoginForm } from './LoginForm.tsx';

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');
const submit = () => screen.getByRole('button', { name: /Log in|Processing/ });

const type = (input: HTMLElement, value: string) => {
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('LoginForm', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('starts with the Log in button disabled', () => {
    renderWithApp(<LoginForm />);
    expect(submit()).toHaveProperty('disabled', true);
  });

  it('shows the spec messages for an empty or malformed email and an empty password', async () => {
    renderWithApp(<LoginForm />);
    type(email(), '');
    expect(await screen.findByText(MSG.emailRequired)).toBeTruthy();
    type(email(), 'not-an-email');
    expect(await screen.findByText(MSG.emailInvalid)).toBeTruthy();
    type(password(), '');
    expect(await screen.findByText(MSG.passwordRequired)).toBeTruthy();
    // Error blocks are labelled 'Error: '.
    expect(screen.getByText(MSG.emailInvalid).textContent).toBe(`Error: ${MSG.emailInvalid}`);
    expect(submit()).toHaveProperty('disabled', true);
  });

  it('enables Log in once both fields are valid', async () => {
    renderWithApp(<LoginForm />);
    type(email(), 'supplier@example.com');
    type(password(), 'Supplier-demo-1');
    await waitFor(() => expect(submit()).toHaveProperty('disabled', false));
    expect(submit().textContent).toBe('Log in');
  });

  it('posts the credentials urlencoded with the partner, reads Processing... meanwhile, and signs in', async () => {
    const user = buildUser();
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const session = buildSession();
    renderWithApp(<LoginForm />, { session, partnerId: 30443 });
    type(email(), 'supplier@example.com');
    type(password(), 'Supplier-demo-1');
    await waitFor(() => expect(submit()).toHaveProperty('disabled', false));

    fireEvent.click(submit());
    await waitFor(() => expect(submit().textContent).toBe('Processing...'));
    expect(submit()).toHaveProperty('disabled', true);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/auth/login');
    expect(String(init?.body)).toBe('username=supplier%40example.com&password=Supplier-demo-1&partner=30443');

    answer(jsonResponse(200, user));
    await waitFor(() => expect(session.signIn).toHaveBeenCalledWith(user));
  });

  it("shows 'Invalid email or password' inline for wrong credentials", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(401, { code: 'UNAUTHORIZED', reason: 'INVALID_CREDENTIALS', message: 'x' }),
    );
    renderWithApp(<LoginForm />);
    type(email(), 'supplier@example.com');
    type(password(), 'wrong');
    await waitFor(() => expect(submit()).toHaveProperty('disabled', false));
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.invalidLogin);
  });

  it('shows the rate-limit message for 429', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(429, { code: 'RATE_LIMITED', message: 'slow down' }));
    renderWithApp(<LoginForm />);
    type(email(), 'supplier@example.com');
    type(password(), 'wrong');
    await waitFor(() => expect(submit()).toHaveProperty('disabled', false));
    fireEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.tooManyAttempts);
  });

  it('goes to strengthen the password when the password is too weak', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(401, { code: 'UNAUTHORIZED', reason: 'INSUFFICIENT_PASSWORD_STRENGTH', message: 'x' }),
    );
    const { router } = renderWithApp(<LoginForm />, { path: '/login' });
    type(email(), 'supplier@example.com');
    type(password(), 'weak');
    await waitFor(() => expect(submit()).toHaveProperty('disabled', false));
    fireEvent.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/strengthen-password'));
  });
});
