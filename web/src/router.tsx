import { createBrowserRouter, Navigate, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import {
  isActivityTab,
  isAnyAdmin,
  isFullAdmin,
  isPartnerConfigAdmin,
  mayManagePeople,
  mayReview,
  mayViewImportJobs,
  mayViewJobs,
  webhookPolicy,
} from '@portal/domain';
import { AppNavigate } from './partner/AppLink.tsx';
import { RedirectKeepingRest, RequireAccess, RequireFlag } from './routes/access-routes.tsx';
import { readAhead } from './api/api-fetch.ts';
import { lazyPage } from './routes/lazy-load.ts';
import { PageLoadError } from './routes/PageLoadError.tsx';
import { PartnerScope } from './routes/PartnerScope.tsx';
import {
  GuestOnly,
  HomeRoute,
  preloadLoggedInShell,
  RequireSession,
  ScheduleRoute,
  UnknownRoute,
} from './routes/session-routes.tsx';
import { userAtOpening } from './session/session-api.ts';
import type { UserDetails } from './session/user.ts';
import { FullPageLoader } from './ui/FullPageLoader.tsx';

const loggedOutRoutes: RouteObject[] = [
  { path: 'login', lazy: lazyPage(() => import('./features/auth/LoginPage.tsx'), 'LoginPage') },
  { path: 'login/admin', lazy: lazyPage(() => import('./features/auth/AdminLoginPage.tsx'), 'AdminLoginPage') },
  {
    path: 'login/strengthen-password',
    lazy: lazyPage(() => import('./features/auth/StrengthenPasswordPage.tsx'), 'StrengthenPasswordPage'),
  },
  {
    path: 'reset-password',
    lazy: lazyPage(() => import('./features/auth/ResetPasswordRequestPage.tsx'), 'ResetPasswordRequestPage'),
  },
  {
    path: 'reset-password/:token',
    lazy: lazyPage(() => import('./features/auth/ResetPasswordPage.tsx'), 'ResetPasswordPage'),
  },
  {
    path: 'invitation/:token',
    lazy: lazyPage(() => import('./features/people/InvitationPage.tsx'), 'InvitationPage'),
  },
];

/**
 * A signed-in page's `lazy`: the shell it renders in is asked for together with its code, not once the session has
 * been read (on a slow connection that wait was a round trip and a few hundred milliseconds of download).
 */
const signedInPage: typeof lazyPage = (load, name) =>
  lazyPage(() => {
    preloadLoggedInShell();
    return load();
  }, name);

/** The address the app was opened at, until its first route has loaded: only that page's reads are made ahead. */
let openedAt: string | null = typeof window === 'undefined' ? null : window.location.pathname + window.location.search;

/** Whether the route being loaded is the first one, at the address the app was opened at (asked once). */
function isOpening(request: Request) {
  const url = new URL(request.url);
  const first = url.pathname + url.search === openedAt;
  openedAt = null;
  return first;
}

/**
 * The activity list the app was opened at is asked for as soon as the route is known, beside the page's code (the
 * page takes the answer, activity-api.ts): on a slow connection it arrives with the code instead of a round trip
 * after it. Later navigations read through the query cache as usual.
 */
function readActivityListEarly({ params, request }: LoaderFunctionArgs) {
  if (isOpening(request) && params.tab && isActivityTab(params.tab)) {
    const tab = params.tab;
    const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
    if (Number.isInteger(page) && page > 0) {
      void import('./features/submissions/activity-api.ts')
        .then((api) => api.startActivityPageRead(tab, page))
        .catch(() => {}); // the page itself reports code that cannot be had
    }
  }
  return null;
}

/**
 * The same for the other pages: the first page's own first reads (its API module's fetch functions, with what the
 * address gives them) are made ahead (api-fetch.ts readAhead), and the page's identical requests take their answers.
 */
const readingAhead =
  <M,>(load: () => Promise<M>, reads: (api: M, args: LoaderFunctionArgs) => unknown) =>
  (args: LoaderFunctionArgs) => {
    if (isOpening(args.request)) {
      void load()
        .then((api) => readAhead(() => reads(api, args)))
        .catch(() => {}); // the page itself reports code that cannot be had
    }
    return null;
  };
const searchOf = ({ request }: LoaderFunctionArgs) => new URL(request.url).searchParams;

/**
 * The same for a page whose first read is a REST one: made ahead only for a visitor signed in who may see the page,
 * so no failed request is logged for one who is not. Who that is comes with the page (first-reads.ts), so the read
 * goes at once; without it, once the session's probe (shared with the session's own, one request) has answered.
 */
const readingAheadWhenAllowed =
  <M,>(
    allow: (user: UserDetails) => boolean,
    load: () => Promise<M>,
    reads: (api: M, args: LoaderFunctionArgs) => unknown,
  ) =>
  (args: LoaderFunctionArgs) => {
    if (isOpening(args.request)) {
      void Promise.all([userAtOpening(), load()])
        .then(([user, api]) => user && allow(user) && readAhead(() => reads(api, args), { rest: true }))
        .catch(() => {}); // the page itself reports code that cannot be had
    }
    return null;
  };

const loggedInRoutes: RouteObject[] = [
  // Upload and drafts
  { path: 'upload', lazy: signedInPage(() => import('./features/drafts/UploadFilesPage.tsx'), 'UploadFilesPage') },
  {
    path: 'import-sheet',
    lazy: signedInPage(() => import('./features/sheet-import/ImportSheetPage.tsx'), 'ImportSheetPage'),
  },
  {
    path: 'upload/file_select',
    lazy: signedInPage(() => import('./features/drafts/UploadFilesPage.tsx'), 'UploadFilesPage'),
  },
  {
    path: 'upload/draft/:id',
    lazy: signedInPage(() => import('./features/drafts/DesignateUpcPage.tsx'), 'DesignateUpcPage'),
  },
  {
    path: 'upload/draft/:id/designate_upc',
    lazy: signedInPage(() => import('./features/drafts/DesignateUpcPage.tsx'), 'DesignateUpcPage'),
  },
  {
    path: 'upload/draft/:id/confirmation',
    lazy: signedInPage(() => import('./features/drafts/ConfirmationPage.tsx'), 'ConfirmationPage'),
  },
  {
    path: 'upload_draft/:id',
    lazy: signedInPage(() => import('./features/drafts/DesignateUpcPage.tsx'), 'DesignateUpcPage'),
  },

  // Activity and submissions
  { path: 'activity', lazy: signedInPage(() => import('./features/submissions/ActivityPage.tsx'), 'ActivityPage') },
  {
    path: 'activity/:tab',
    loader: readActivityListEarly,
    lazy: signedInPage(() => import('./features/submissions/ActivityPage.tsx'), 'ActivityPage'),
  },
  {
    path: 'productSubmissions/:id',
    loader: readingAhead(
      () => import('./features/submissions/submission-api.ts'),
      (api, { params }) => params.id && api.fetchSubmission(params.id),
    ),
    lazy: signedInPage(() => import('./features/submissions/SubmissionDetailPage.tsx'), 'SubmissionDetailPage'),
  },
  {
    path: 'productSubmissions/:id/resubmit',
    lazy: signedInPage(() => import('./features/submissions/ResubmitPage.tsx'), 'ResubmitPage'),
  },
  {
    path: 'productSubmissions/:id/resubmit/confirmation',
    lazy: signedInPage(() => import('./features/submissions/ResubmitConfirmationPage.tsx'), 'ResubmitConfirmationPage'),
  },
  { path: 'products/*', element: <RedirectKeepingRest to="/productSubmissions" /> },

  // Catalogue
  { path: 'catalogued', element: <AppNavigate to="/cataloguedProducts" replace /> },
  {
    path: 'cataloguedProducts',
    loader: readingAhead(
      () => import('./features/catalogue/catalogue-api.ts'),
      (api, args) => api.fetchCataloguePage(api.catalogueListParams(searchOf(args))),
    ),
    lazy: signedInPage(() => import('./features/catalogue/CataloguedListPage.tsx'), 'CataloguedListPage'),
  },
  {
    path: 'cataloguedProducts/:ean13Upc',
    lazy: signedInPage(() => import('./features/catalogue/CataloguedProductPage.tsx'), 'CataloguedProductPage'),
  },
  {
    path: 'cataloguedProducts/:ean13Upc/upload',
    children: [
      { index: true, element: <Navigate to="file_select" replace /> },
      {
        path: 'file_select',
        lazy: signedInPage(() => import('./features/catalogue/AddImagesPage.tsx'), 'AddImagesPage'),
      },
      {
        path: 'confirmation',
        lazy: signedInPage(() => import('./features/catalogue/AddImagesPage.tsx'), 'AddImagesConfirmationPage'),
      },
    ],
  },

  // Account: details and password only for accounts whose details this portal keeps; users of the outside identity
  // provider manage theirs there (and the server refuses their changes). API tokens: every signed-in user.
  {
    path: 'account',
    lazy: signedInPage(() => import('./features/account/AccountPage.tsx'), 'AccountPage'),
    children: [
      { index: true, lazy: signedInPage(() => import('./features/account/AccountPage.tsx'), 'AccountIndexRedirect') },
      {
        element: <RequireAccess allow={(user) => user.isAuth0User} />,
        children: [
          {
            path: 'information',
            lazy: signedInPage(() => import('./features/account/AccountInformationForm.tsx'), 'AccountInformationForm'),
          },
          {
            path: 'password',
            lazy: signedInPage(() => import('./features/account/PasswordSettingsForm.tsx'), 'PasswordSettingsForm'),
          },
        ],
      },
      {
        path: 'api-tokens',
        lazy: signedInPage(() => import('./features/api-tokens/ApiTokensTab.tsx'), 'ApiTokensTab'),
      },
      {
        path: 'notifications',
        lazy: signedInPage(() => import('./features/account/MailDigestForm.tsx'), 'MailDigestForm'),
      },
    ],
  },

  // Partner operations (part 2)
  { path: 'edit-multiple', lazy: signedInPage(() => import('./features/bulk-edit/BulkEditPage.tsx'), 'BulkEditPage') },
  {
    path: 'edit-multiple/confirmation',
    lazy: signedInPage(() => import('./features/bulk-edit/BulkEditConfirmationPage.tsx'), 'BulkEditConfirmationPage'),
  },
  {
    path: 'vendor-authorization',
    lazy: signedInPage(() => import('./features/users/VendorAuthorizationPage.tsx'), 'VendorAuthorizationPage'),
  },
  {
    element: <RequireFlag flag="BRAND_PROFILE" />,
    children: [
      {
        path: 'brandProfile',
        lazy: signedInPage(() => import('./features/brand-profiles/BrandProfilePage.tsx'), 'BrandProfilePage'),
      },
    ],
  },
  {
    element: <RequireFlag flag="SHIPPING_PROFILE" />,
    children: [
      {
        path: 'shippingProfiles',
        lazy: signedInPage(
          () => import('./features/shipping-profiles/ShippingProfilesPage.tsx'),
          'ShippingProfilesPage',
        ),
      },
      {
        path: 'shippingProfiles/:id/assignments',
        lazy: signedInPage(
          () => import('./features/shipping-profiles/ShippingAssignmentsPage.tsx'),
          'ShippingAssignmentsPage',
        ),
      },
    ],
  },
  {
    element: <RequireAccess allow={mayViewImportJobs} otherwise={<AppNavigate to="/activity" replace />} />,
    children: [
      {
        path: 'import-jobs',
        lazy: signedInPage(() => import('./features/bulk-ingestion/ImportJobsPage.tsx'), 'ImportJobsPage'),
      },
      {
        path: 'import-jobs/:jobId',
        lazy: signedInPage(() => import('./features/bulk-ingestion/ImportJobPage.tsx'), 'ImportJobPage'),
      },
    ],
  },
  {
    element: <RequireAccess allow={webhookPolicy.menu} />,
    children: [
      { path: 'webhooks', lazy: signedInPage(() => import('./features/webhooks/WebhooksPage.tsx'), 'WebhooksPage') },
    ],
  },
  {
    element: <RequireAccess allow={isFullAdmin} />,
    children: [
      {
        path: 'access',
        loader: readingAhead(
          () => import('./features/bulk-ingestion/bulk-ingestion-api.ts'),
          (api) => api.fetchOrganizations(),
        ),
        lazy: signedInPage(() => import('./features/bulk-ingestion/AccessPage.tsx'), 'AccessPage'),
      },
    ],
  },
  // The reviewer's workspace: staff with review rights.
  {
    element: <RequireAccess allow={mayReview} />,
    children: [
      { path: 'review', lazy: signedInPage(() => import('./features/review/ReviewQueuePage.tsx'), 'ReviewQueuePage') },
      {
        path: 'review/reason-codes',
        lazy: signedInPage(() => import('./features/review/ReasonCodeReportPage.tsx'), 'ReasonCodeReportPage'),
      },
      {
        path: 'review/:id',
        lazy: signedInPage(() => import('./features/review/ReviewItemPage.tsx'), 'ReviewItemPage'),
      },
    ],
  },
  {
    // The audit trail: administrators (read-only ones too), as the server's auditPolicy.view.
    element: <RequireAccess allow={isAnyAdmin} />,
    children: [
      {
        path: 'admin/audit',
        loader: readingAheadWhenAllowed(
          isAnyAdmin,
          () => import('./features/audit/audit-api.ts'),
          (api, args) => {
            const { filters, query } = api.auditPageFrom(searchOf(args));
            // The page asks for no rows while its dates are the wrong way round (it says so instead).
            const datesWrong = filters.from && filters.to && filters.from > filters.to;
            return Promise.all([api.fetchAuditOptions(), datesWrong ? null : api.fetchAuditPage(query)]);
          },
        ),
        lazy: signedInPage(() => import('./features/audit/AuditPage.tsx'), 'AuditPage'),
      },
    ],
  },
  {
    element: <RequireAccess allow={isPartnerConfigAdmin} />,
    children: [
      {
        path: 'settings',
        loader: readingAhead(
          () => import('./features/partners/partners-api.ts'),
          (api) => api.fetchPartnerConfigurations(),
        ),
        lazy: signedInPage(() => import('./features/partners/SettingsPage.tsx'), 'SettingsPage'),
      },
      {
        path: 'settings/:id',
        lazy: signedInPage(
          () => import('./features/partners/PartnerConfigurationPage.tsx'),
          'PartnerConfigurationPage',
        ),
      },
      {
        path: 'settings/company/:companyId',
        lazy: signedInPage(() => import('./features/partners/SettingsByCompanyRoute.tsx'), 'SettingsByCompanyRoute'),
      },
      {
        path: 'settings/:id/landing-page',
        lazy: signedInPage(() => import('./features/partners/LandingPagePreviewPage.tsx'), 'LandingPagePreviewPage'),
      },
    ],
  },
  {
    // Managing people: administrators add staff, supplier companies and their users.
    element: <RequireAccess allow={mayManagePeople} />,
    children: [
      { path: 'people', lazy: signedInPage(() => import('./features/people/PeoplePage.tsx'), 'PeoplePage') },
      {
        path: 'people/companies/:companyId',
        lazy: signedInPage(() => import('./features/people/CompanyPeoplePage.tsx'), 'CompanyPeoplePage'),
      },
    ],
  },
  {
    element: <RequireAccess allow={mayViewJobs} />,
    children: [
      {
        path: 'admin/jobs',
        loader: readingAheadWhenAllowed(
          mayViewJobs,
          () => import('./features/jobs-console/jobs-console-api.ts'),
          (api, args) => api.fetchJobsOverview(api.jobsFilterFrom(searchOf(args))),
        ),
        lazy: signedInPage(() => import('./features/jobs-console/JobsConsolePage.tsx'), 'JobsConsolePage'),
      },
    ],
  },
];

/**
 * Every route exists once, under the optional partner segment: `/login` and
 * `/30443/login` are the same route, with the partner id in context.
 */
export const routes: RouteObject[] = [
  {
    path: '/:partnerId?',
    element: <PartnerScope />,
    // Pages load lazily: the loader while the first one arrives, and a way out if its code cannot be had.
    HydrateFallback: FullPageLoader,
    ErrorBoundary: PageLoadError,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'schedule', element: <ScheduleRoute /> },
      { element: <GuestOnly />, children: loggedOutRoutes },
      { element: <RequireSession />, children: loggedInRoutes },
      { path: '*', element: <UnknownRoute /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
