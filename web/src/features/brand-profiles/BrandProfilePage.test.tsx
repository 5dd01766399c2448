import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { buildSession, buildUser } from '../../test/fixtures.ts';
import { renderWithApp } from '../../test/render.tsx';
import { toast } from '../../ui/toast.ts';
import { spyOnToasts } from '../../test/toast-spies.ts';
import { fakeServer, graphqlError, type Answers } from '../submissions/fake-server.test-helper.ts';
import type { BrandProfile } from './brand-profile-api.ts';
import { BRAND_PROFILE_SAVED, BrandProfilePage, sendingText } from './BrandProfilePage.tsx';

const uploadBrandFile = vi.hoisted(() => vi.fn());
vi.mock('./brand-profile-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./brand-profile-api.ts')>()),
  uploadBrandFile,
}));

spyOnToasts();

const lookups: Answers = {
  Countries: {
    data: {
      getCountries: [
        { id: 1, name: 'United States', code: 'US' },
        { id: 2, name: 'Canada', code: 'CA' },
      ],
    },
  },
  States: (v: Record<string, unknown>) => ({
    data: {
      getStates:
        v.countryCode === 'US'
          ? [
              { id: 5, name: 'California', code: 'CA' },
              { id: 38, name: 'Oregon', code: 'OR' },
            ]
          : [{ id: 60, name: 'Ontario', code: 'ON' }],
    },
  }),
  Cities: (v: Record<string, unknown>) => ({
    data: {
      getCities:
        v.stateCode === 'CA'
          ? [{ id: 1, name: 'Los Angeles' }]
          : v.stateCode === 'OR'
            ? []
            : [{ id: 2, name: 'Toronto' }],
    },
  }),
  DistributionMethods: {
    data: {
      getDistributionMethods: [
        { id: 1, name: 'Distributor' },
        { id: 2, name: 'Broker' },
      ],
    },
  },
};

export function buildProfile(over: Partial<BrandProfile> = {}): BrandProfile {
  return {
    id: 9,
    companyId: 100,
    isPublished: true,
    brandLogoFilename: 'logo.png',
    brandLogoUrl: '/api/companies/100/brand-profiles/9/brand-logo?v=abc',
    productOneSheetFilename: null,
    productOneSheetUrl: null,
    salesDeckFilename: null,
    salesDeckUrl: null,
    marketingVideoUrl: null,
    brandWebsiteUrl: 'https://acme.example',
    brandCountryCode: 'US',
    brandStateCode: 'CA',
    brandCityName: 'Los Angeles',
    yearFounded: 1998,
    brandStory: 'Since 1998.',
    facebookUrl: null,
    instagramUrl: null,
    twitterUrl: null,
    samplesOffered: true,
    primaryInvestor: null,
    secondaryInvestor: null,
    raisingInvestment: null,
    primaryDistributionMethod: 'Distributor',
    secondaryDistributionMethod: null,
    distributionRange: 'states',
    distributionRangeStates: ['CA'],
    salesContact: { Email: 'sam@acme.example', Name: 'Sam', Phone: null, Title: null },
    primaryBroker: { Company: null, Email: null, Name: null, Phone: null, Title: null },
    can: { edit: true },
    ...over,
  };
}

function renderPage(profile: BrandProfile | null, answers: Answers = {}) {
  const server = fakeServer({
    CompanyBrandProfiles: {
      data: { getCompany: { id: 100, name: 'Acme Foods', brandProfiles: profile ? [profile] : [] } },
    },
    ...lookups,
    ...answers,
  });
  const view = renderWithApp(<BrandProfilePage />, {
    path: '/brandProfile',
    session: buildSession({ user: buildUser(), flags: ['BRAND_PROFILE'] }),
  });
  return { ...view, ...server };
}

const saveButton = () => screen.getByRole('button', { name: 'Save' });
const combo = (name: string) => screen.getByRole('combobox', { name }) as HTMLInputElement;
const disabled = () => (saveButton() as HTMLButtonElement).disabled;
const value = (el: HTMLElement) => (el as HTMLInputElement).value;
const loaded = () => screen.findByRole('navigation', { name: 'Brand profile sections' });

// A long form of many inputs: slow to render on a busy machine, so this file waits longer than the defaults.
describe('Brand profile page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the quick-link menu with the eight sections, 18 px sticky, and a section per link', async () => {
    renderPage(null);
    const menu = await loaded();
    const links = within(menu).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'About Your Brand',
      'Marketing Materials',
      'Social Media Profiles',
      'Samples',
      'Investment Status',
      'Sales Contact Information',
      'Primary Broker Information',
      'Distribution',
    ]);
    expect(menu.style.top).toBe('18px');
    for (const link of links) {
      const id = link.getAttribute('href')!.slice(1);
      const section = document.getElementById(id)!;
      expect(document.getElementById(section.getAttribute('aria-labelledby')!)!.textContent).toBe(link.textContent);
    }
  });

  it("without a profile: 'No info found' for each file, Save disabled until the form is valid and changed", async () => {
    renderPage(null);
    await loaded();
    expect(screen.getAllByText('Current file: No info found')).toHaveLength(3);
    expect(disabled()).toBe(true);
    expect(screen.getByText('Published')).toBeTruthy();
  });

  it('with a stored profile: its values, its files, Save disabled until a change', async () => {
    renderPage(buildProfile());
    await loaded();
    expect(value(screen.getByLabelText(/^Brand website/))).toBe('https://acme.example');
    await waitFor(() => expect(combo('City').value).toBe('Los Angeles'));
    expect(screen.getByRole('link', { name: 'logo.png' }).getAttribute('href')).toBe(
      '/api/companies/100/brand-profiles/9/brand-logo?v=abc',
    );
    expect(disabled()).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Brand story/), { target: { value: 'Since 1998, in the valley.' } });
    await waitFor(() => expect(disabled()).toBe(false));
  });

  it('shows the spec messages, as "Error: ...", when a field is left wrong', async () => {
    renderPage(buildProfile());
    await loaded();
    const website = screen.getByLabelText(/^Brand website/);
    fireEvent.change(website, { target: { value: '' } });
    fireEvent.blur(website);
    expect(await screen.findByText('Please enter brand website.')).toBeTruthy();
    expect(screen.getByText('Please enter brand website.').parentElement!.textContent).toContain(
      'Error: Please enter brand website.',
    );
    const email = screen.getByLabelText('Sales contact email');
    fireEvent.change(email, { target: { value: '' } });
    fireEvent.blur(email);
    expect(await screen.findByText('Please enter sales contact email.')).toBeTruthy();
    expect(await screen.findByText('Please enter primary broker company.')).toBeTruthy();
    expect(disabled()).toBe(true);
  });

  it('year founded keeps digits only, at most 4', async () => {
    renderPage(buildProfile());
    await loaded();
    const year = screen.getByLabelText(/^Year founded/);
    fireEvent.change(year, { target: { value: '20a2x45' } });
    expect(value(year)).toBe('2024');
  });

  it('changing the country clears state and city; changing the state clears the city', async () => {
    renderPage(buildProfile());
    await loaded();
    await waitFor(() => expect(combo('City').value).toBe('Los Angeles'));
    fireEvent.click(combo('State'));
    fireEvent.click(await screen.findByRole('option', { name: 'Oregon' }));
    await waitFor(() => expect(combo('City').value).toBe(''));
    expect(combo('State').value).toBe('Oregon');
    fireEvent.click(combo('Country'));
    fireEvent.click(await screen.findByRole('option', { name: 'Canada' }));
    await waitFor(() => expect(combo('State').value).toBe(''));
    expect(combo('City').value).toBe('');
    expect(await screen.findByText('Please select a State')).toBeTruthy();
  });

  it('a distribution range other than states clears the states; states needs one', async () => {
    renderPage(buildProfile());
    await loaded();
    expect(await screen.findByText('California', { selector: '.mantine-MultiSelect-pill *' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'National' }));
    expect(screen.queryByRole('combobox', { name: 'States' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'States' }));
    expect(await screen.findByText('Please select at least on state.')).toBeTruthy();
    expect(disabled()).toBe(true);
  });

  it('saves the changes with updateBrandProfile and reports it', async () => {
    const { calls } = renderPage(buildProfile(), {
      UpdateBrandProfile: (v: Record<string, unknown>) => ({
        data: { updateBrandProfile: buildProfile({ brandStory: (v.input as { brandStory: string }).brandStory }) },
      }),
    });
    await loaded();
    fireEvent.change(screen.getByLabelText(/^Brand story/), { target: { value: 'New story.' } });
    await waitFor(() => expect(disabled()).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(BRAND_PROFILE_SAVED));
    const update = calls.find((c) => c.operation === 'UpdateBrandProfile')!;
    expect(update.variables).toMatchObject({
      companyId: 100,
      brandProfileId: 9,
      input: { brandStory: 'New story.', yearFounded: '1998', salesContactEmail: 'sam@acme.example' },
    });
    await waitFor(() => expect(disabled()).toBe(true));
  });

  it("shows the server's field messages when it refuses a save", async () => {
    renderPage(buildProfile(), {
      UpdateBrandProfile: graphqlError('BAD_REQUEST', 'brandCityName: Please select a City', {
        brandCityName: 'Please select a City',
      }),
    });
    await loaded();
    fireEvent.change(screen.getByLabelText(/^Brand story/), { target: { value: 'New story.' } });
    await waitFor(() => expect(disabled()).toBe(false));
    fireEvent.click(saveButton());
    expect(await screen.findByText('Please select a City')).toBeTruthy();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('Publish/Hide switches a stored profile at once with updateBrandProfileIsPublished', async () => {
    const { calls } = renderPage(buildProfile(), {
      UpdateBrandProfileIsPublished: (v: Record<string, unknown>) => ({
        data: { updateBrandProfileIsPublished: buildProfile({ isPublished: v.isPublished as boolean }) },
      }),
    });
    await loaded();
    expect(screen.getByText('Published')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Hide' }));
    expect(await screen.findByText('Hidden')).toBeTruthy();
    expect(calls.find((c) => c.operation === 'UpdateBrandProfileIsPublished')!.variables).toEqual({
      companyId: 100,
      brandProfileId: 9,
      isPublished: false,
    });
    expect(disabled()).toBe(true);
  });

  it("a chosen logo of 15728640 bytes or more is 'File is too large'", async () => {
    renderPage(null);
    await loaded();
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 15728640 });
    const input = document.querySelector<HTMLInputElement>('input[type="file"][accept*="image/gif"]')!;
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('File is too large')).toBeTruthy();
  });

  it('says which file it is sending, and a reload asks first while the chosen file is not saved', async () => {
    let finish: (saved: BrandProfile) => void = () => {};
    uploadBrandFile.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    renderPage(buildProfile(), {
      UpdateBrandProfile: { data: { updateBrandProfile: buildProfile() } },
    });
    await loaded();
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    const sheet = new File(['%PDF-1.4'], 'sheet.pdf', { type: 'application/pdf' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"][accept^=".pdf"]')!;
    fireEvent.change(input, { target: { files: [sheet] } });
    await waitFor(() => expect(disabled()).toBe(false));
    expect(leave()).toBe(true);
    fireEvent.click(saveButton());
    expect(await screen.findByText(sendingText('Product one-sheet'))).toBeTruthy();
    expect(leave()).toBe(true);
    finish(buildProfile({ productOneSheetFilename: 'sheet.pdf', productOneSheetUrl: '/x/sheet.pdf' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(BRAND_PROFILE_SAVED));
    expect(screen.queryByText(sendingText('Product one-sheet'))).toBeNull();
    await waitFor(() => expect(leave()).toBe(false));
  });
});
